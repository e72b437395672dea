import type { AdminPlanView } from '@contracts/plans';
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import Loading from '../../../components/ui/Loading';
import NoticeBanner, { type Notice } from '../../../components/ui/NoticeBanner';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { useAdminCategoriesQuery, useAdminPlansQuery } from '../api';
import { adminErrorText } from '../errors';
import { COMMON } from '../i18n/common';
import { PLANS } from '../i18n/plans';
import PlanFormModal from './plans/PlanFormModal';
import PlansTable from './plans/PlansTable';

/** 套餐管理: every plan (on offer or not) with its subscribers; 新建套餐 and 编辑 in one dialog. */
export default function PlansPage() {
  usePageTitle(PLANS.title);
  const { data, error, isLoading } = useAdminPlansQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const needsCategories = data?.plans.some((plan) => plan.scope === 'category') ?? false;
  const categories = useAdminCategoriesQuery(undefined, { skip: !needsCategories });
  // The dialog's plan: null for a new one; no dialog while `editing` is null.
  const [editing, setEditing] = useState<{ plan: AdminPlanView | null } | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  return (
    <section>
      <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between mb-2">
        <h1 className="h3 mb-0">{PLANS.title}</h1>
        <Button onClick={() => setEditing({ plan: null })}>{PLANS.create}</Button>
      </div>
      <p className="text-body-secondary">{PLANS.intro}</p>
      <NoticeBanner notice={notice} onClose={() => setNotice(null)} />
      {error ? (
        <div className="alert alert-danger" role="alert">
          {adminErrorText(error, { failed: PLANS.listFailed })}
        </div>
      ) : isLoading || !data ? (
        <Loading label={COMMON.loading} />
      ) : (
        <PlansTable
          plans={data.plans}
          categories={categories.data?.data ?? []}
          onEdit={(plan) => setEditing({ plan })}
        />
      )}
      {editing && (
        <PlanFormModal
          plan={editing.plan}
          onClose={() => setEditing(null)}
          onSaved={(saved, created) => {
            setEditing(null);
            setNotice({ ok: true, text: (created ? PLANS.created : PLANS.saved)(saved.name) });
          }}
        />
      )}
    </section>
  );
}
