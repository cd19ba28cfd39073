// Every route but sign-in sits under this layout: it brings antd (theme, locale, App and the toast
// bridge), loaded with the first such page, so /login paints without it (issue 12).
import '@ant-design/v5-patch-for-react-19';
import { Outlet } from 'react-router';
import { LocalisedAntd } from '../AppProviders';

export default function AntdLayout() {
  return (
    <LocalisedAntd>
      <Outlet />
    </LocalisedAntd>
  );
}
