import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { Field, inputClass } from "~/ui/Field";
import { FormAlert } from "~/ui/FormAlert";
import type { SavedChild } from "~/features/family/children.server";
import { ACCOUNT_FORMS } from "./account-forms";
import { CHILD_MAX_AGE, CHILD_MIN_AGE } from "~/features/booking/booking-ages";
import { MAX_CHILDREN } from "~/features/family/limits";
import { AccountSection, accountButtonClass as buttonClass } from "./AccountSection";
import { alertClass } from "./AuthCard";
import { useAccountForm } from "./use-account-form";
import { childKey } from "~/lib/child-key";
import type { TimetableChild } from "~/features/timetable/timetable.server";

/** The courses each child is enrolled in: a saved child's by its id (or its name when typed), the others by name. */
function joinChildren(saved: SavedChild[], enrolled: TimetableChild[]) {
  const courses = new Map<number, string[]>();
  const others: { name: string; courses: string[] }[] = [];
  for (const child of enrolled) {
    const match = saved.find((one) => (child.savedChildId !== null ? one.id === child.savedChildId : childKey(one.name) === childKey(child.name)));
    const names = child.enrolments.map((enrolment) => enrolment.courseName);
    if (match) courses.set(match.id, [...(courses.get(match.id) ?? []), ...names]);
    else others.push({ name: child.name, courses: names });
  }
  return { courses, others };
}

/**
 * The family's children in one list (issue 42): those enrolled in a term (their courses named) and
 * those saved for the booking forms (decision 033), whose name and age can be changed or removed.
 */
export function ChildrenSection({ savedChildren, enrolled }: { savedChildren: SavedChild[]; enrolled: TimetableChild[] }) {
  const { t } = useTranslation("accounts");
  const { courses, others } = joinChildren(savedChildren, enrolled);
  return (
    <AccountSection id="children" title={t("space.children.heading")}>
      <p className="mt-2 text-sm text-slate-700">{t("space.children.intro")}</p>
      {savedChildren.length === 0 && others.length === 0 ? (
        <p className="mt-3 text-slate-700">{t("space.children.none")}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200">
          {others.map((child) => (
            <li key={`enrolled-${child.name}`} className="py-4" data-child="enrolled">
              <p className="font-semibold text-slate-900">{child.name}</p>
              <EnrolledIn courses={child.courses} />
              <p className="mt-1 text-sm text-slate-600">{t("space.children.notSaved")}</p>
            </li>
          ))}
          {savedChildren.map((child) => (
            <ChildRow key={child.id} child={child} courses={courses.get(child.id) ?? []} />
          ))}
        </ul>
      )}
      {savedChildren.length < MAX_CHILDREN ? <AddChildForm /> : <p className="mt-4 text-sm text-slate-700">{t("space.children.full")}</p>}
    </AccountSection>
  );
}

/** The name and age inputs of a child's form (the booking form's rules). */
function ChildFields({ form }: { form: ReturnType<typeof useChildForm> }) {
  const { t } = useTranslation("accounts");
  const ageField = form.field("age");
  return (
    <>
      <Field label={t("space.children.name")} error={form.error("name")} className="min-w-0 flex-1">
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            type="text"
            autoComplete="off"
            maxLength={100}
            className={inputClass}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            aria-required="true"
            {...form.field("name")}
          />
        )}
      </Field>
      <Field label={t("space.children.age")} error={form.error("age")} hint={t("space.children.ageHint")} className="w-32">
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            type="number"
            inputMode="numeric"
            min={CHILD_MIN_AGE}
            max={CHILD_MAX_AGE}
            step={1}
            className={inputClass}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            aria-required="true"
            // The enhancement script sends it as a number, as react-hook-form's valueAsNumber does (decision 125).
            data-number=""
            {...ageField}
            {...form.methods.register("age", { valueAsNumber: true })}
          />
        )}
      </Field>
    </>
  );
}

function useChildForm(id: string, endpoint: { method?: "POST" | "PUT"; path: string }, pendingLabel: string, initial?: SavedChild) {
  const { revalidate } = useRevalidator();
  return useAccountForm("request", {
    id,
    schema: () => import("./accounts.schema").then((schemas) => schemas.childSchema),
    endpoint,
    pendingLabel,
    initial: initial ? { name: initial.name, age: String(initial.age) } : undefined,
    // The saved list comes from the server again (the new child, or the new name in the list).
    onSuccess: async (_answer, _values, reset) => {
      if (!initial) reset();
      await revalidate();
    },
  });
}

/** "Enrolled in: …", when the child is enrolled in a term. */
function EnrolledIn({ courses }: { courses: string[] }) {
  const { t } = useTranslation("accounts");
  if (courses.length === 0) return null;
  return <p className="mt-1 text-sm text-slate-700">{t("space.children.enrolledIn", { courses: courses.join(t("space.children.listJoin")) })}</p>;
}

function ChildRow({ child, courses }: { child: SavedChild; courses: string[] }) {
  const { t } = useTranslation("accounts");
  const { revalidate } = useRevalidator();
  const formId = `${ACCOUNT_FORMS.child}-${child.id}`;
  const removeId = `${ACCOUNT_FORMS.removeChild}-${child.id}`;
  const form = useChildForm(formId, { method: "PUT", path: `/api/account/children/${child.id}` }, t("space.children.saving"), child);
  const remove = useAccountForm("request", {
    id: removeId,
    schema: () => import("./accounts.schema").then((schemas) => schemas.buttonOnlySchema),
    endpoint: { method: "DELETE", path: `/api/account/children/${child.id}` },
    pendingLabel: t("space.children.removing"),
    onSuccess: () => revalidate(),
  });
  return (
    <li className="py-4" data-child="saved">
      <p className="font-semibold text-slate-900">{child.name}</p>
      <EnrolledIn courses={courses} />
      <form {...form.formProps} id={formId} aria-label={child.name} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <input type="hidden" name="form" value={ACCOUNT_FORMS.child} />
        <input type="hidden" name="childId" value={child.id} />
        <FormAlert message={form.refusal} className={alertClass} />
        <ChildFields form={form} />
        <button type="submit" disabled={form.pending} aria-label={t("space.children.saveFor", { name: child.name })} className={`${buttonClass} sm:mt-7`}>
          {form.pending ? t("space.children.saving") : t("space.children.save")}
        </button>
      </form>
      <form {...remove.formProps} id={removeId} className="mt-2">
        <input type="hidden" name="form" value={ACCOUNT_FORMS.removeChild} />
        <input type="hidden" name="childId" value={child.id} />
        <FormAlert message={remove.refusal} className={alertClass} />
        <button
          type="submit"
          disabled={remove.pending}
          aria-label={t("space.children.removeFor", { name: child.name })}
          className="rounded-lg border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
        >
          {remove.pending ? t("space.children.removing") : t("space.children.remove")}
        </button>
      </form>
    </li>
  );
}

function AddChildForm() {
  const { t } = useTranslation("accounts");
  const form = useChildForm(ACCOUNT_FORMS.addChild, { path: "/api/account/children" }, t("space.children.adding"));
  return (
    <form {...form.formProps} id={ACCOUNT_FORMS.addChild} aria-labelledby="add-child-heading" className="mt-6">
      <h3 id="add-child-heading" className="font-semibold text-slate-800">
        {t("space.children.addHeading")}
      </h3>
      <input type="hidden" name="form" value={ACCOUNT_FORMS.addChild} />
      <FormAlert message={form.refusal} className={alertClass} />
      <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-start">
        <ChildFields form={form} />
        <button type="submit" disabled={form.pending} className={`${buttonClass} sm:mt-7`}>
          {form.pending ? t("space.children.adding") : t("space.children.add")}
        </button>
      </div>
    </form>
  );
}
