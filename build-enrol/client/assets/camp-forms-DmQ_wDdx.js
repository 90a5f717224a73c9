const o="enroll-form",r="brochure-form";export{r as B,o as E};
