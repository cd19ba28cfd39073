// /forgotpwd/*: the password-reset steps share the public frame.
import { Outlet } from 'react-router';
import { PublicFrame } from '../../../web/src/shell/PublicFrame';

export default function ForgotPasswordLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
