import type {
  ImportAction,
  ImportedApi,
  ImportPreview,
  SkippedOperation,
} from '../../../contracts/openapi';
import type { ApiDraft } from '../import-operations';

export interface ImportDecision {
  draft: ApiDraft;
  action: ImportAction;
  id: number | null;
  changed: string[];
}

export function toImportedApi(decision: ImportDecision): ImportedApi {
  const { draft } = decision;
  return {
    name: draft.name,
    name_en: draft.name_en,
    method: draft.method,
    upstream_url: draft.upstream_url,
    // With the console's hints (enum, default, example) where the document gave them.
    parameters: draft.request_params,
    action: decision.action,
    id: decision.id,
    changed_fields: decision.changed,
  };
}

export function toImportPreview(
  decisions: ImportDecision[],
  skipped: SkippedOperation[],
  dryRun: boolean,
): ImportPreview {
  const counts: Record<ImportAction, number> = { create: 0, update: 0, unchanged: 0 };
  for (const { action } of decisions) counts[action] += 1;
  return { dry_run: dryRun, apis: decisions.map(toImportedApi), skipped, counts };
}

/** The answer's message, in Chinese like the admin screen that shows it. */
export function importMessage(preview: ImportPreview): string {
  const { create, update, unchanged } = preview.counts;
  const skipped = preview.skipped.length > 0 ? `，跳过 ${preview.skipped.length} 个` : '';
  return preview.dry_run
    ? `预览：将新建 ${create} 个、更新 ${update} 个接口，${unchanged} 个不变${skipped}`
    : `导入完成：新建 ${create} 个、更新 ${update} 个接口，${unchanged} 个不变${skipped}`;
}
