import { data, type ActionFunctionArgs } from "react-router";
import { acceptStaffInvitation, inviteStaffMember } from "./staff-invite.api";
import { localizePath, type Lang } from "~/i18n/lang";
import { postFormToApi } from "~/lib/forms/form-action.server";
import type { AnswerOf, RunSuccess } from "~/lib/forms/form-state";
import { postedNumber } from "~/lib/forms/pick-fields.server";
import { withNotice, type NoticeName } from "~/lib/forms/notice";
import type { Endpoint } from "~server/http/endpoint";
import { ACCOUNT_FORMS } from "./account-forms";
import { addOwnChild, changeOwnPassword, deleteOwnAccount, removeOwnChild, saveOwnChild, saveProfile, sendPasswordLink } from "./account-space.api";
import { signIn, signOut, signUp, staffSignIn } from "./accounts.api";
import { sendEmailProof } from "./email-proof.api";
import { setUpFirstAdmin } from "./admin-setup.api";
import { endDeviceSession } from "./devices.api";
import { forgotPassword, resetPasswordWithToken } from "./password-reset.api";
import { requireAccountPage } from "~/lib/page-guards.server";
import { CALENDAR_FORMS } from "~/features/timetable/forms";
import { renewCalendarFeed, revokeCalendarFeed } from "~/features/timetable/timetable.api";
import { safeAdminPath, safeLocalPath, staffLanding } from "~/lib/next-path";
import { PUSH_CATEGORIES, savePushChoices } from "~/features/push/index.server";
import { PUSH_FORM } from "~/features/push/forms";
import { PORTFOLIO_FORMS } from "~/features/portfolio/portfolio-forms";
import { showAccountProject } from "~/features/portfolio/portfolio.api";
import { inviteFamilyGuardian, removeFamilyGuardian } from "~/features/guardians/guardians.api";
import { GUARDIAN_FORMS } from "~/features/guardians/forms";

/**
 * The account pages' actions: their forms posted without JavaScript (decisions 019, 048). Each runs
 * the endpoint the enhanced form calls as JSON, in process, and on success redirects where that
 * form navigates, with the same message as a notice.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any input and parameter schema
function accountAction<E extends Endpoint<any, any, any>>(
  form: string,
  endpoint: E,
  /** Only the fields the endpoint takes go on (never `next`, `from` or stray names). */
  names: readonly string[],
  goTo: (fields: Record<string, string>, lang: Lang, answer: RunSuccess<AnswerOf<E>>) => string,
) {
  return (args: ActionFunctionArgs) =>
    postFormToApi(args, {
      form,
      endpoint,
      toBody: (fields) => Object.fromEntries(names.filter((name) => name in fields).map((name) => [name, fields[name]])),
      onSuccess: (answer, fields, lang) => goTo(fields, lang, answer),
    });
}

/** Staff with a second factor: the password was right, the code comes next (decision 046). */
export const secondStepPath = (next: string | null, lang: Lang) =>
  `${localizePath("/admin/login/second-factor", lang)}${next ? `?next=${encodeURIComponent(next)}` : ""}`;

const to = (path: string, notice: NoticeName) => (_fields: unknown, lang: Lang) => withNotice(localizePath(path, lang), notice);
const credentials = ["email", "password"] as const;

// `next` is checked after normalisation (next-path.ts); anything else goes to the area's start.
/** The signed-in account's role, as the sign-in endpoints answer it. */
const roleOf = (answer: RunSuccess<AnswerOf<typeof signIn>>) => answer.body.user?.role;
const homes = (lang: Lang) => ({ admin: localizePath("/admin", lang), teaching: localizePath("/teaching", lang) });

// An instructor signing in on the parents' page without a `next` lands on their classes too (decision 074).
export const loginAction = accountAction(ACCOUNT_FORMS.login, signIn, credentials, (fields, lang, answer) =>
  answer.body.secondFactor
    ? secondStepPath(safeLocalPath(fields.next), lang)
    : withNotice(safeLocalPath(fields.next) ?? (roleOf(answer) === "instructor" ? localizePath("/teaching", lang) : localizePath("/", lang)), "login-ok"),
);

export const adminLoginAction = accountAction(ACCOUNT_FORMS.adminLogin, staffSignIn, credentials, (fields, lang, answer) =>
  answer.body.secondFactor ? secondStepPath(safeAdminPath(fields.next), lang) : withNotice(staffLanding(roleOf(answer), fields.next, homes(lang)), "login-ok"),
);

// Signed in at once, a "confirm your e-mail" link on its way (issue 42, step 5).
export const signupAction = accountAction(
  ACCOUNT_FORMS.signup,
  signUp,
  ["username", "email", "password", "contactNumber", "phoneCountry"],
  // A safe `next` (a guardian's invitation, decision 139) goes on there; else the new account's page.
  (fields, lang) => withNotice(safeLocalPath(fields.next) ?? localizePath("/account", lang), "account-created"),
);

export const forgotPasswordAction = accountAction(ACCOUNT_FORMS.forgot, forgotPassword, ["email", "website"], to("/forgot-password", "reset-link-sent"));

export const resetPasswordAction = accountAction(ACCOUNT_FORMS.reset, resetPasswordWithToken, ["token", "password"], to("/login", "password-changed"));

/** A saved child's id from the hidden field: digits only (anything else names no child: 404). */
const childIdOf = (fields: Record<string, string>) => (/^\d{1,10}$/.test(fields.childId ?? "") ? fields.childId! : "0");

/** A saved child's form (change or remove) posted without JavaScript: that child's endpoint. */
function childAction(form: string, method: "PUT" | "DELETE", notice: NoticeName) {
  return async (args: ActionFunctionArgs) => {
    const fields = await args.request
      .clone()
      .formData()
      .then((data) => Object.fromEntries([...data].filter((entry): entry is [string, string] => typeof entry[1] === "string")))
      .catch(() => ({}) as Record<string, string>);
    const id = childIdOf(fields);
    return postFormToApi(args, {
      form: `${form}-${id}`,
      endpoint: method === "PUT" ? saveOwnChild : removeOwnChild,
      params: { id },
      toBody: (posted) => (method === "PUT" ? { name: posted.name, age: postedNumber(posted.age) } : {}),
      onSuccess: (_answer, _fields, lang) => withNotice(localizePath("/account", lang), notice),
    });
  };
}

/** A signed-in device's "sign out" posted without JavaScript; signing out this one lands on the sign-in page. */
async function endSessionAction(args: ActionFunctionArgs) {
  const fields = await args.request
    .clone()
    .formData()
    .catch(() => null);
  const posted = fields?.get("sessionId");
  // Only a reference's own characters name a session; anything else names none (404).
  const ref = typeof posted === "string" && /^[\w-]{10,40}$/.test(posted) ? posted : "none";
  return postFormToApi(args, {
    form: `${ACCOUNT_FORMS.endSession}-${ref}`,
    endpoint: endDeviceSession,
    params: { id: ref },
    toBody: () => ({}),
    onSuccess: (answer, _fields, lang) =>
      answer.body.signedOut === true ? withNotice(localizePath("/login", lang), "logged-out") : withNotice(localizePath("/account", lang), "device-ended"),
  });
}

// An instructor's invitation lands on their classes, a staff one on the admin area.
export const acceptInviteAction = accountAction(ACCOUNT_FORMS.acceptInvite, acceptStaffInvitation, ["token", "username", "password"], (_fields, lang, answer) =>
  withNotice(answer.body.role === "instructor" ? localizePath("/teaching", lang) : localizePath("/admin", lang), "staff-joined"),
);

/** The staff screen's invitation form (users list), without JavaScript. */
export const staffInviteAction = (args: ActionFunctionArgs) =>
  postFormToApi(args, {
    form: ACCOUNT_FORMS.invite,
    endpoint: inviteStaffMember,
    // The teacher profile is a number, and only for an instructor's invitation.
    toBody: ({ email, role, teacherId, language }) => ({
      email,
      role,
      language: language || "both",
      ...(role === "instructor" ? { teacherId: postedNumber(teacherId) ?? null } : {}),
    }),
    onSuccess: (_answer, _fields, lang) => withNotice(localizePath("/admin/users", lang), "invite-sent"),
  });

export const adminSetupAction = accountAction(ACCOUNT_FORMS.setup, setUpFirstAdmin, ["token", "username", "email", "password"], to("/admin", "staff-created"));

/**
 * Password and Google sessions end the same way (POST /logout and /api/logout-user share a
 * function). The admin area's button says `from=admin` and comes back to the staff sign-in.
 */
export const logoutAction = accountAction(ACCOUNT_FORMS.logout, signOut, [], (fields, lang) =>
  withNotice(localizePath(fields.from === "admin" ? "/admin/login" : "/login", lang), "logged-out"),
);

/** The forms of /account, each naming itself in a hidden `form` field (one page, three endpoints). */
const accountPageForms: Record<string, (args: ActionFunctionArgs) => Promise<unknown>> = {
  [ACCOUNT_FORMS.profile]: (args) =>
    postFormToApi(args, {
      form: ACCOUNT_FORMS.profile,
      endpoint: saveProfile,
      toBody: ({ username, contactNumber, phoneCountry }) => ({ username, contactNumber, phoneCountry }),
      onSuccess: (_answer, _fields, lang) => withNotice(localizePath("/account", lang), "profile-saved"),
    }),
  [ACCOUNT_FORMS.password]: accountAction(ACCOUNT_FORMS.password, changeOwnPassword, ["currentPassword", "password"], to("/account", "password-updated")),
  [ACCOUNT_FORMS.deleteAccount]: accountAction(ACCOUNT_FORMS.deleteAccount, deleteOwnAccount, ["email"], to("/", "account-deleted")),
  [ACCOUNT_FORMS.passwordLink]: accountAction(ACCOUNT_FORMS.passwordLink, sendPasswordLink, [], to("/account", "password-link-sent")),
  [ACCOUNT_FORMS.emailProof]: accountAction(ACCOUNT_FORMS.emailProof, sendEmailProof, [], to("/account", "email-proof-sent")),
  [ACCOUNT_FORMS.addChild]: (args) =>
    postFormToApi(args, {
      form: ACCOUNT_FORMS.addChild,
      endpoint: addOwnChild,
      toBody: ({ name, age }) => ({ name, age: postedNumber(age) }),
      onSuccess: (_answer, _fields, lang) => withNotice(localizePath("/account", lang), "child-added"),
    }),
  [ACCOUNT_FORMS.child]: childAction(ACCOUNT_FORMS.child, "PUT", "child-saved"),
  [ACCOUNT_FORMS.removeChild]: childAction(ACCOUNT_FORMS.removeChild, "DELETE", "child-removed"),
  [ACCOUNT_FORMS.endSession]: endSessionAction,
  // The calendar feed (decision 068): back to the page, whose calendar section shows the new link.
  [CALENDAR_FORMS.renew]: accountAction(CALENDAR_FORMS.renew, renewCalendarFeed, [], to("/account", "calendar-link-made")),
  [CALENDAR_FORMS.revoke]: accountAction(CALENDAR_FORMS.revoke, revokeCalendarFeed, [], to("/account", "calendar-link-off")),
  // A project shown on the website or hidden (decision 135): that project's endpoint, back to the projects.
  [PORTFOLIO_FORMS.show]: portfolioShowAction,
  // Guardians (decision 139): an invitation, a removal; back to the guardians' list.
  [GUARDIAN_FORMS.invite]: (args) =>
    postFormToApi(args, {
      form: GUARDIAN_FORMS.invite,
      endpoint: inviteFamilyGuardian,
      toBody: ({ email, role, language }) => ({ email, role, language: language || "both" }),
      onSuccess: (_answer, _fields, lang) => withNotice(localizePath("/account", lang), "guardian-invited"),
    }),
  [GUARDIAN_FORMS.remove]: accountAction(GUARDIAN_FORMS.remove, removeFamilyGuardian, ["ref"], to("/account", "guardian-removed")),
  // The notification choices (decision 131): a ticked box is on, every other category off.
  [PUSH_FORM]: (args) =>
    postFormToApi(args, {
      form: PUSH_FORM,
      endpoint: savePushChoices,
      toBody: (fields) => Object.fromEntries(PUSH_CATEGORIES.map((category) => [category, fields[category] === "on"])),
      onSuccess: (_answer, _fields, lang) => withNotice(localizePath("/account", lang), "push-saved"),
    }),
};

async function portfolioShowAction(args: ActionFunctionArgs) {
  const form = await args.request
    .clone()
    .formData()
    .catch(() => null);
  const posted = form?.get("projectId");
  // Digits only name a project; anything else names none (404).
  const id = typeof posted === "string" && /^\d{1,10}$/.test(posted) ? posted : "0";
  return postFormToApi(args, {
    form: `${PORTFOLIO_FORMS.show}-${id}`,
    endpoint: showAccountProject,
    params: { id },
    toBody: (fields) => ({ public: fields.public === "1" }),
    onSuccess: (answer, _fields, lang) => withNotice(localizePath("/account", lang), answer.body.public === true ? "portfolio-shown" : "portfolio-hidden"),
  });
}

export async function accountPageAction(args: ActionFunctionArgs) {
  requireAccountPage(args.context, args.request);
  const form = await args.request
    .clone()
    .formData()
    .catch(() => null);
  const name = form?.get("form");
  const handler = typeof name === "string" && Object.hasOwn(accountPageForms, name) ? accountPageForms[name] : undefined;
  if (!handler) throw data({ message: "Bad request." }, { status: 400 });
  return handler(args);
}
