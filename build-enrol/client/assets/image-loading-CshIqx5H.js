function a(i){return i?{fetchPriority:"high"}:{loading:"lazy"}}export{a as i};
