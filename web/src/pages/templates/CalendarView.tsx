// /zp/{cata}/calendarview/{opt}: a month calendar; the records of cata/opt arrive with their area.
import { Alert, Calendar, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME, usePageTitle } from '../../router/title';

export default function CalendarView() {
  const { t } = useTranslation();
  // The screen's name (its menu entry), never the route's raw cata and opt.
  const title = usePageTitle();
  return (
    <Card data-testid="calendar-view">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={title === PRODUCT_NAME ? t('calendar.noRecords') : t('calendar.noRecordsOf', { title })}
      />
      <Calendar />
    </Card>
  );
}
