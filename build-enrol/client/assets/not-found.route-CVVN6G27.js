import{w as o}from"./chunk-OB3PAWPO-AJAwCIMZ.js";const u=o(function(){return null});export{u as default};
