// /zp/{cata}/calendarview/{opt}: a month calendar; the records of cata/opt arrive with their area.
import { Alert, Calendar, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TemplateProps } from '../../router/templates';

export default function CalendarView({ cata, opt }: TemplateProps) {
  const { t } = useTranslation();
  return (
    <Card data-testid="calendar-view">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={t('calendar.noRecords', { cata: cata ?? '', opt: opt ?? '' })}
      />
      <Calendar />
    </Card>
  );
}
