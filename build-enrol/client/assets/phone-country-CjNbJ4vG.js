const N="IN";export{N as D};
