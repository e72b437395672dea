import { useCallback, useState } from 'react';
import { Button, Table } from 'react-bootstrap';
import Loading from '../../../components/ui/Loading';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { useAdminFriendLinksQuery, useDeleteFriendLinkMutation } from '../api';
import FriendLinkModal from '../components/FriendLinkModal';
import StatusBadge from '../components/StatusBadge';
import WithEnglish from '../components/WithEnglish';
import { adminErrorText, formatTime, outcomeNotice } from '../errors';
import type { Notice } from '../errors';
import type { FriendLink } from '@contracts/content';
import NoticeBanner from '../../../components/ui/NoticeBanner';
import { useConfirm } from '../components/useConfirm';

type Editing = { link: FriendLink | null } | null;

export default function FriendLinksPage() {
  usePageTitle('友链管理');
  const { data, error, isLoading } = useAdminFriendLinksQuery();
  const [remove] = useDeleteFriendLinkMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const { confirm, dialog } = useConfirm();
  const close = useCallback(() => setEditing(null), []);
  const links = data?.data ?? [];

  const onDelete = async (link: FriendLink) => {
    if (!(await confirm('确定要删除此友链吗？', '删除'))) return;
    const result = await remove(link.id);
    setNotice(
      outcomeNotice(
        result,
        { failed: '友链删除失败', network: '请求删除友链接口失败，请稍后再试' },
        '友链删除成功',
      ),
    );
  };

  return (
    <section>
      <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between mb-3">
        <h1 className="h3 mb-0">友链管理</h1>
        <Button onClick={() => setEditing({ link: null })}>添加友链</Button>
      </div>
      <NoticeBanner notice={notice} onClose={() => setNotice(null)} />
      {error ? (
        <div className="alert alert-danger" role="alert">
          {adminErrorText(error, {
            failed: '获取友链列表失败',
            network: '请求友链列表接口失败，请稍后再试',
          })}
        </div>
      ) : isLoading ? (
        <Loading label="加载中..." />
      ) : (
        <Table striped bordered hover responsive className="bg-body align-middle admin-cards">
          <thead>
            <tr>
              <th>ID</th>
              <th>名称</th>
              <th>头像</th>
              <th>链接</th>
              <th>描述</th>
              <th>排序</th>
              <th>状态</th>
              <th>创建时间</th>
              <th>更新时间</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {links.length === 0 ? (
              <tr>
                <td colSpan={10} className="text-center text-muted">
                  暂无友链信息。
                </td>
              </tr>
            ) : (
              links.map((link) => (
                <tr key={link.id}>
                  <td data-label="ID">{link.id}</td>
                  <td data-label="名称">{link.name}</td>
                  <td data-label="头像">
                    {link.avatar_url ? (
                      <img
                        src={link.avatar_url}
                        alt={link.name}
                        width={32}
                        height={32}
                        className="rounded"
                      />
                    ) : (
                      '无'
                    )}
                  </td>
                  <td data-label="链接">
                    <a href={link.link_url} target="_blank" rel="noopener noreferrer">
                      {link.link_url}
                    </a>
                  </td>
                  <td data-label="描述">
                    <WithEnglish text={link.description} english={link.description_en} />
                  </td>
                  <td data-label="排序">{link.sort_order}</td>
                  <td data-label="状态">
                    <StatusBadge status={link.status} />
                  </td>
                  <td data-label="创建时间">{formatTime(link.created_at)}</td>
                  <td data-label="更新时间">{formatTime(link.updated_at)}</td>
                  <td data-label="操作" className="text-nowrap">
                    <Button
                      size="sm"
                      variant="outline-primary"
                      className="me-2"
                      onClick={() => setEditing({ link })}
                    >
                      编辑
                    </Button>
                    <Button size="sm" variant="outline-danger" onClick={() => void onDelete(link)}>
                      删除
                    </Button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </Table>
      )}
      {editing && <FriendLinkModal link={editing.link} onClose={close} />}
      {dialog}
    </section>
  );
}
