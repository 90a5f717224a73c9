/** The portfolio pages' forms: a new project, one more photo for project {id}, the family's new project, a project shown or hidden. */
export const PORTFOLIO_FORMS = {
  newProject: "portfolio-new",
  photo: (id: number) => `portfolio-photo-${id}`,
  family: "portfolio-family",
  show: "portfolio-show",
} as const;
