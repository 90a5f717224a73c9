/** How many children one family account may save (the account page, the booking forms' prefill). */
export const MAX_CHILDREN = 10;
