import { Link } from 'react-router-dom';
import NoticeBanner from '../../../components/ui/NoticeBanner';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { IMPORT } from '../i18n/import';
import { adminPaths } from '../paths';
import ImportPreviewSection from './import/ImportPreviewSection';
import ImportSourceCard from './import/ImportSourceCard';
import { useImportOpenApi } from './import/useImportOpenApi';

/** 导入 OpenAPI: paste or upload a document, preview what it does, then apply that preview. */
export default function ImportOpenApiPage() {
  usePageTitle(IMPORT.title);
  const importer = useImportOpenApi();
  const { isLoading, preview, send } = importer;

  return (
    <section>
      <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between mb-3">
        <h1 className="h3 mb-0">{IMPORT.title}</h1>
        <Link to={adminPaths.control} className="btn btn-outline-secondary">
          {IMPORT.back}
        </Link>
      </div>
      <NoticeBanner notice={importer.notice} />
      <ImportSourceCard
        source={importer.source}
        file={importer.file}
        url={importer.url}
        fileInput={importer.fileInput}
        parsing={isLoading && !preview}
        busy={isLoading}
        onType={importer.typeDocument}
        onFile={importer.onFile}
        onUrl={importer.changeUrl}
        onPreview={() => void send(true)}
      />
      {preview && (
        <ImportPreviewSection
          preview={preview}
          heading={importer.previewHeading}
          busy={isLoading}
          onApply={() => void send(false)}
        />
      )}
    </section>
  );
}
