import Loading from '../../../components/ui/Loading';
import NoticeBanner from '../../../components/ui/NoticeBanner';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { redeemBatchCsvUrl } from '../api';
import AdminPagination from '../components/AdminPagination';
import { adminErrorText } from '../errors';
import { COMMON } from '../i18n/common';
import { REDEEM } from '../i18n/redeem';
import BatchesTable from './redeem/BatchesTable';
import CreateBatchCard from './redeem/CreateBatchCard';
import { useRedeemBatches } from './redeem/useRedeemBatches';

/** 兑换码: batches of codes sold through card shops or handed out, worth cash, credit or a plan. */
export default function RedeemCodesPage() {
  usePageTitle(REDEEM.title);
  const batches = useRedeemBatches();
  const { list, created } = batches;

  return (
    <section>
      <h1 className="h3 mb-2">{REDEEM.title}</h1>
      <p className="text-body-secondary">{REDEEM.intro}</p>
      <NoticeBanner notice={batches.notice} onClose={batches.clearNotice} />
      {created && (
        <div className="alert alert-success" role="status">
          {REDEEM.made(created.count, created.name)}
          <a className="alert-link ms-1" href={redeemBatchCsvUrl(created.id)} download>
            {REDEEM.downloadCsv}
          </a>
        </div>
      )}
      <CreateBatchCard onCreated={batches.onCreated} />
      {batches.error ? (
        <div className="alert alert-danger" role="alert">
          {adminErrorText(batches.error, { failed: REDEEM.listFailed })}
        </div>
      ) : batches.isLoading || !list ? (
        <Loading label={COMMON.loading} />
      ) : (
        <>
          <BatchesTable
            batches={list.batches}
            onDisable={(batch) => void batches.onDisable(batch)}
          />
          {batches.isFetching && <Loading label={COMMON.loading} />}
          <AdminPagination
            page={batches.page}
            totalPages={list.total_pages}
            onChange={batches.setPage}
          />
          <p className="text-muted mt-3 mb-0">{REDEEM.list.total(list.total)}</p>
        </>
      )}
      {batches.dialog}
    </section>
  );
}
