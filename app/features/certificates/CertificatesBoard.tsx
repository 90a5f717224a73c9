import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { isFormState } from "~/lib/forms/form-state";
import { FormAlert } from "~/ui/FormAlert";
import type { CertificatesPageData } from "./certificates-page.server";
import { button, ChildCard } from "./CertificateChildCard";
import { ISSUE_FORM } from "./certificates-forms";

type Board = Pick<CertificatesPageData, "threshold" | "language" | "children" | "notice">;

/**
 * The certificates page's body, for a course group and for a camp period (decisions 080, 089): the
 * threshold and language (a GET form), the outcome of the last post, "issue to every qualifying
 * child", and each child's card. `choose` adds fields to the GET form (the camp's period) and
 * `keep` hidden fields to every post (which period the post is about).
 */
export function CertificatesBoard({
  board,
  held,
  heldText,
  thresholdHint,
  noneHeldText,
  noChildrenText,
  caption,
  choose,
  keep,
  actionData,
}: {
  board: Board;
  held: number;
  heldText: string;
  /** What the threshold is a share of (classes held, or camp days). */
  thresholdHint: string;
  noneHeldText: string;
  noChildrenText: string;
  caption: string;
  choose?: React.ReactNode;
  keep?: React.ReactNode;
  actionData: unknown;
}) {
  const { t } = useTranslation("certificates");
  const { threshold, language, children, notice } = board;
  const refusal = isFormState(actionData, ISSUE_FORM) ? actionData : null;
  const hidden = (
    <>
      {keep}
      <input type="hidden" name="threshold" value={threshold} />
      <input type="hidden" name="language" value={language} />
    </>
  );
  return (
    <>
      <p className="font-medium text-slate-800">{heldText}</p>
      <Form method="get" className="flex flex-wrap items-end gap-4 rounded-xl border border-slate-200 bg-white p-4">
        {choose}
        <p className="flex flex-col gap-1">
          <label htmlFor="threshold" className="font-semibold text-slate-800">
            {t("issue.threshold")}
          </label>
          <input
            id="threshold"
            name="threshold"
            type="number"
            inputMode="numeric"
            min={0}
            max={100}
            required
            defaultValue={threshold}
            aria-describedby="threshold-hint"
            className="w-28 rounded-lg border border-slate-400 px-3 py-2"
          />
          <span id="threshold-hint" className="text-sm text-slate-600">
            {thresholdHint}
          </span>
        </p>
        <p className="flex flex-col gap-1">
          <label htmlFor="language" className="font-semibold text-slate-800">
            {t("issue.language")}
          </label>
          <select id="language" name="language" defaultValue={language} className="rounded-lg border border-slate-400 px-3 py-2">
            {(["family", "en", "ar"] as const).map((value) => (
              <option key={value} value={value}>
                {t(`issue.languages.${value}`)}
              </option>
            ))}
          </select>
        </p>
        <button type="submit" className="rounded-lg border border-slate-400 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50">
          {t("issue.show")}
        </button>
      </Form>
      <div id="results" className="scroll-mt-24 space-y-3">
        {notice ? (
          <p role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 font-semibold text-green-900">
            {notice.kind === "revoked" ? t("api.revoked") : notice.count > 0 ? t("api.issued", { count: notice.count }) : t("api.nothingIssued")}
          </p>
        ) : null}
        <FormAlert message={refusal?.message} />
        {held === 0 ? <p className="text-slate-700">{noneHeldText}</p> : null}
        {children.length > 0 && held > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="issue" />
            {hidden}
            <button type="submit" className={button}>
              {t("issue.issueAll")}
            </button>
          </Form>
        ) : null}
      </div>
      {children.length === 0 ? (
        <p className="text-slate-700">{noChildrenText}</p>
      ) : (
        <section aria-label={caption}>
          <ul className="space-y-3">
            {children.map((child) => (
              <ChildCard key={child.enrolmentId} child={child} held={held} hidden={hidden} actionData={actionData} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
