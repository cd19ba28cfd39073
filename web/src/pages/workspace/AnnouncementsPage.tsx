// /collab/index/announcement (menu COLLAB_ANNOUNCEMENT): announcements on their own page; ?id= opens one.
import { Card } from 'antd';
import { useSearchParams } from 'react-router';
import { AnnouncementList } from '../../collab/announcements';

export default function AnnouncementsPage() {
  const [params] = useSearchParams();
  return (
    <Card>
      <AnnouncementList openId={params.get('id')} />
    </Card>
  );
}
