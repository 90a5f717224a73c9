import{d as a,Z as o}from"./validation-BDjYFbI2.js";function r(t){return a(o,t)}export{r as d};
