// /forgotpwd/*: the password-reset steps share the public frame.
import { Outlet } from 'react-router';
import { PublicFrame } from '@seamline/web/engine';

export default function ForgotPasswordLayout() {
  return (
    <PublicFrame>
      <Outlet />
    </PublicFrame>
  );
}
