const o=c=>Math.ceil(c/20);export{o as c};
