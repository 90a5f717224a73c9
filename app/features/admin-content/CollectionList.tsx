import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AdminTable, type AdminColumn } from "~/features/admin-kit/list/AdminTable";
import type { ListQuery, ListResult } from "~/features/admin-kit/list/list";
import { LocalLink } from "~/ui/LocalLink";
import { PageMeta } from "~/ui/PageMeta";
import { primaryButton } from "./EditorShell";

interface CollectionListProps<Row extends { id: number }> {
  /** The URL segment of the collection (`/admin/{collection}`, `/api/admin/{collection}`). */
  collection: string;
  /** Where its texts live in admin-content: `{prefix}.listTitle`, `.new`, `.empty`. */
  prefix: string;
  query: ListQuery;
  result: ListResult<Row>;
  columns: AdminColumn<Row>[];
  filters?: ReactNode;
}

/** The list page of an admin collection: title, search, sort, pages, CSV, and the link to a new record. */
export function CollectionList<Row extends { id: number }>({ collection, prefix, query, result, columns, filters }: CollectionListProps<Row>) {
  const { t } = useTranslation("admin-content");
  const title = t(`${prefix}.listTitle`);
  return (
    <div className="space-y-4">
      <PageMeta title={title} description={title} />
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <AdminTable<Row>
        caption={title}
        result={result}
        query={query}
        rowKey={(r) => r.id}
        rowHref={(r) => `/admin/${collection}/edit/${r.id}`}
        csvHref={`/api/admin/${collection}`}
        emptyText={t(`${prefix}.empty`)}
        actions={
          <LocalLink to={`/admin/${collection}/new`} className={primaryButton}>
            {t(`${prefix}.new`)}
          </LocalLink>
        }
        filters={filters}
        columns={columns}
      />
    </div>
  );
}
