// The workbench's control tower (RPT-05): every registered work counter the user can see, plus
// this area's own 'overdue tasks', 'unread messages' and 'unread announcements'.
import { R, S, registerWorkCounter, type Api, workCounters } from '@seamline/server/api';
import { unreadAnnouncements } from './announcements';
import { unreadSummary } from './inbox';
import { overdueTasks } from './tasks';

registerWorkCounter({
  key: 'collab.overdueTasks',
  label: { en: 'Overdue tasks', zh: '逾期任务' },
  url: '/workspace/mailindex?tab=tasks&overdue=1',
  count: overdueTasks,
});
registerWorkCounter({
  key: 'collab.unreadMessages',
  label: { en: 'Unread messages', zh: '未读消息' },
  url: '/workspace/mailindex?tab=inbox&read=0',
  count: async (tx, session) => (await unreadSummary(tx, session)).total,
});
registerWorkCounter({
  key: 'collab.unreadAnnouncements',
  label: { en: 'Announcements to confirm', zh: '待确认公告' },
  url: '/workspace/mailindex?tab=announcements',
  count: unreadAnnouncements,
});

export function workspaceRoutes(api: Api): void {
  // One counter failing (another area's bug) must not blank the whole tower: it shows as null.
  api.get('utilsapi/workspace/control-tower', { schema: R.get('My work counters: what waits for me, per area'), auth: true }, ({ session, tenant, lang, log }) =>
    tenant(async (tx) => {
      const out = [];
      for (const c of workCounters()) {
        let value: number | null;
        try {
          value = await tx.transaction(async (sp) => c.count(sp, session));
        } catch (err) {
          log.error({ err, counter: c.key }, 'work counter failed');
          value = null;
        }
        out.push({ key: c.key, label: c.label[lang], url: c.url, count: value });
      }
      return out;
    }),
  );
}
