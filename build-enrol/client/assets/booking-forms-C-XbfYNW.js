const o="booking-form",s="booking-pick",t="reschedule-form",c="waitlist-form";export{o as B,s as P,t as R,c as W};
