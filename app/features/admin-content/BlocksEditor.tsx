import { useTranslation } from "react-i18next";
import { langOfDir } from "~/i18n/lang";
import { inputClass } from "~/ui/Field";
import { BLOCK_TYPES, emptyBlock, type BlockType, type ContentBlockInput } from "./content-blocks.schema";
import { ImageUpload } from "./ImageUpload";

type BlockErrors =
  | ({ value?: { message?: string }; items?: { message?: string }; alt?: { message?: string }; level?: { message?: string } } | undefined)[]
  | { message?: string }
  | undefined;

interface BlocksEditorProps {
  /** Names the editor (e.g. "English content") for screen readers. */
  label: string;
  value: ContentBlockInput[];
  onChange: (blocks: ContentBlockInput[]) => void;
  errors?: BlockErrors;
  dir?: "ltr" | "rtl";
}

const buttonClass = "rounded-md border border-slate-300 px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-40";

/** Content blocks: add any of the six types, edit, move up or down, remove. */
export function BlocksEditor({ label, value, onChange, errors, dir }: BlocksEditorProps) {
  const { t } = useTranslation("admin-content");
  const { t: tv } = useTranslation("validation");
  const blockErrors = Array.isArray(errors) ? errors : [];
  const listError = !Array.isArray(errors) ? errors?.message : undefined;

  const update = (index: number, block: ContentBlockInput) => onChange(value.map((b, i) => (i === index ? block : b)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    const [block] = next.splice(index, 1);
    next.splice(index + by, 0, block!);
    onChange(next);
  };
  const remove = (index: number) => onChange(value.filter((_, i) => i !== index));
  const add = (type: BlockType) => onChange([...value, emptyBlock(type)]);
  const errorText = (message: string | undefined) =>
    message ? (
      <p role="alert" className="mt-1 text-sm text-red-700">
        {tv(message, { defaultValue: message })}
      </p>
    ) : null;

  return (
    <section aria-label={label} className="space-y-3">
      {value.length === 0 ? <p className="text-sm text-slate-600">{t("blocks.empty")}</p> : null}
      <ol className="space-y-3">
        {value.map((block, index) => {
          const err = blockErrors[index];
          const heading = t("blocks.blockLabel", { n: index + 1, type: t(`blocks.types.${block.type}`) });
          const fieldId = `${label.replace(/\W+/g, "-")}-${index}`;
          return (
            <li key={index} className="rounded-lg border border-slate-200 bg-slate-50 p-3">
              <fieldset>
                <legend className="text-sm font-semibold text-slate-800">{heading}</legend>
                <div className="mt-2 flex flex-wrap gap-2">
                  <button
                    type="button"
                    className={buttonClass}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={t("blocks.moveUpLabel", { block: heading })}
                  >
                    {t("blocks.moveUp")}
                  </button>
                  <button
                    type="button"
                    className={buttonClass}
                    disabled={index === value.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={t("blocks.moveDownLabel", { block: heading })}
                  >
                    {t("blocks.moveDown")}
                  </button>
                  <button
                    type="button"
                    className={`${buttonClass} text-red-700`}
                    onClick={() => remove(index)}
                    aria-label={t("blocks.removeLabel", { block: heading })}
                  >
                    {t("blocks.remove")}
                  </button>
                </div>
                <div className="mt-3 space-y-2">
                  {block.type === "heading" ? (
                    <div className="flex flex-wrap gap-3">
                      <div>
                        <label htmlFor={`${fieldId}-level`} className="mb-1 block text-sm font-medium">
                          {t("blocks.level")}
                        </label>
                        <select
                          id={`${fieldId}-level`}
                          className={inputClass}
                          value={block.level}
                          onChange={(e) => update(index, { ...block, level: Number(e.target.value) })}
                        >
                          {[1, 2, 3, 4, 5, 6].map((level) => (
                            <option key={level} value={level}>
                              {t("blocks.levelOption", { level })}
                            </option>
                          ))}
                        </select>
                      </div>
                      <div className="min-w-64 flex-1">
                        <label htmlFor={`${fieldId}-value`} className="mb-1 block text-sm font-medium">
                          {t("blocks.headingText")}
                        </label>
                        <input
                          type="text"
                          id={`${fieldId}-value`}
                          dir={dir}
                          lang={langOfDir(dir)}
                          className={inputClass}
                          value={block.value}
                          aria-invalid={Boolean(err && "value" in err && err.value)}
                          onChange={(e) => update(index, { ...block, value: e.target.value })}
                        />
                        {errorText(err?.value?.message ?? err?.level?.message)}
                      </div>
                    </div>
                  ) : null}
                  {block.type === "paragraph" || block.type === "quote" || block.type === "code" ? (
                    <div>
                      <label htmlFor={`${fieldId}-value`} className="mb-1 block text-sm font-medium">
                        {t(`blocks.text.${block.type}`)}
                      </label>
                      <textarea
                        id={`${fieldId}-value`}
                        rows={block.type === "paragraph" ? 4 : 3}
                        dir={block.type === "code" ? "ltr" : dir}
                        lang={block.type === "code" ? undefined : langOfDir(dir)}
                        className={`${inputClass} ${block.type === "code" ? "font-mono text-sm" : ""}`}
                        value={block.value}
                        aria-invalid={Boolean(err?.value)}
                        onChange={(e) => update(index, { ...block, value: e.target.value })}
                      />
                      {errorText(err?.value?.message)}
                    </div>
                  ) : null}
                  {block.type === "list" ? (
                    <div>
                      <label htmlFor={`${fieldId}-items`} className="mb-1 block text-sm font-medium">
                        {t("blocks.listItems")}
                      </label>
                      <textarea
                        id={`${fieldId}-items`}
                        rows={4}
                        dir={dir}
                        lang={langOfDir(dir)}
                        className={inputClass}
                        value={block.items.join("\n")}
                        aria-invalid={Boolean(err?.items)}
                        onChange={(e) => update(index, { ...block, items: e.target.value.split("\n") })}
                      />
                      <p className="mt-1 text-xs text-slate-600">{t("blocks.listHint")}</p>
                      {errorText(err?.items?.message)}
                    </div>
                  ) : null}
                  {block.type === "image" ? (
                    <div className="space-y-2">
                      <ImageUpload
                        label={t("blocks.image")}
                        value={block.value}
                        previewAlt={block.alt}
                        error={err?.value?.message}
                        onChange={(url) => update(index, { ...block, value: url })}
                      />
                      <div>
                        <label htmlFor={`${fieldId}-alt`} className="mb-1 block text-sm font-medium">
                          {t("blocks.alt")}
                        </label>
                        <input
                          type="text"
                          id={`${fieldId}-alt`}
                          dir={dir}
                          lang={langOfDir(dir)}
                          className={inputClass}
                          value={block.alt ?? ""}
                          onChange={(e) => update(index, { ...block, alt: e.target.value })}
                        />
                        {errorText(err?.alt?.message)}
                      </div>
                    </div>
                  ) : null}
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {listError ? errorText(listError) : null}
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium text-slate-700">{t("blocks.add")}</span>
        {BLOCK_TYPES.map((type) => (
          <button key={type} type="button" className={buttonClass} onClick={() => add(type)}>
            {t("blocks.addType", { type: t(`blocks.types.${type}`) })}
          </button>
        ))}
      </div>
    </section>
  );
}
