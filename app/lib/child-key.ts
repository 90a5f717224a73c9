/** The unique index's key of a child: one live seat per child, e-mail and section (decision 059). */
export const childKey = (name: string) => name.trim().toLowerCase().replace(/\s+/g, " ");
