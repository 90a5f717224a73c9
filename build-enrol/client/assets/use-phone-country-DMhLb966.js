import{u as o}from"./root-B_-eR_jQ.js";import{D as t}from"./phone-country-CjNbJ4vG.js";function u(){return o()?.settings.phoneCountry??t}export{u};
