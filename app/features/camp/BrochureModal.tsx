import { useTranslation } from "react-i18next";
import { Modal } from "~/ui/Modal";
import { BrochureForm } from "./BrochureForm";

/** The brochure form in a dialog, once the page's script runs: it closes and clears after the download starts. */
export function BrochureModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation("camp");
  return (
    <Modal open={open} onClose={onClose} title={t("brochureForm.title")}>
      <p className="text-slate-700">{t("brochureForm.intro")}</p>
      <BrochureForm onClose={onClose} />
    </Modal>
  );
}
