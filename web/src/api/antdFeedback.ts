// antd's half of feedback.tsx: loaded with the app (AppProviders) or, before it, on the first
// toast. The React 19 patch must run before antd's static message/notification render.
import '@ant-design/v5-patch-for-react-19';
import { Button, message, Modal, notification } from 'antd';
import { provideAntdFeedback } from './feedback';

provideAntdFeedback({ statics: { message, notification, modal: Modal }, Button });
