import { data, type AppLoadContext } from "react-router";
import { langFromPath } from "~/i18n/lang";
import { bookMakeup, cancelAccountMakeup, reportAccountAbsence, reportLinkAbsence } from "./makeups.api";

const idOf = (value: FormDataEntryValue | null) => {
  const text = String(value ?? "");
  return /^\d{1,10}$/.test(text) ? Number(text) : null;
};

/** A post's answer as the pages show it: the endpoint's message, done or not, field errors. */
const answerOf = (answer: { status: number; body: { message?: string; errors?: Record<string, string> } }) => ({
  message: String(answer.body.message ?? ""),
  done: answer.status < 300,
  errors: answer.body.errors ?? {},
});

const noStore = (status: number) => ({ status: status >= 400 ? status : 200, headers: { "Cache-Control": "private, no-store" } });

/**
 * /account/makeups's forms (report, book, cancel) without JavaScript as with it: each runs the
 * JSON endpoint in process (its limits, checks and messages, decision 048).
 */
export async function accountMakeupsAction(request: Request, context: AppLoadContext) {
  const form = await request.formData().catch(() => null);
  if (!form) throw data(null, { status: 400 });
  const lang = langFromPath(new URL(request.url).pathname);
  const intent = form.get("intent");
  const answer =
    intent === "report"
      ? await context.run(reportAccountAbsence, {
          input: { enrolmentId: idOf(form.get("enrolmentId")), meetingId: idOf(form.get("meetingId")), reason: String(form.get("reason") ?? "") },
          lang,
        })
      : intent === "book"
        ? await context.run(bookMakeup, { input: { creditId: idOf(form.get("creditId")), meetingId: idOf(form.get("meetingId")) }, lang })
        : intent === "cancel"
          ? await context.run(cancelAccountMakeup, { input: { creditId: idOf(form.get("creditId")) }, lang })
          : undefined;
  if (!answer) throw data(null, { status: 400 });
  return data(answerOf(answer), noStore(answer.status));
}

/** /makeups/absence's form: the reminder link's token and the class, through POST /api/absences. */
export async function linkAbsenceAction(request: Request, context: AppLoadContext) {
  const form = await request.formData().catch(() => null);
  if (!form || form.get("intent") !== "report") throw data(null, { status: 400 });
  const lang = langFromPath(new URL(request.url).pathname);
  const token = String(form.get("token") ?? "");
  const answer = await context.run(reportLinkAbsence, {
    input: { token, meetingId: idOf(form.get("meetingId")), reason: String(form.get("reason") ?? "") },
    lang,
  });
  if (answer.status === 404) throw data(null, { status: 404 });
  return data(answerOf(answer), noStore(answer.status));
}
