// The end state of an account flow (link sent, reset later, link expired): a result with one
// primary step onward.
import { Button, Result, type ResultProps } from 'antd';
import { useNavigate } from 'react-router';

export interface OutcomePageProps {
  testId: string;
  status: ResultProps['status'];
  title: string;
  text: string;
  action: string;
  to: string;
  actionTestId?: string;
}

export function OutcomePage({ testId, status, title, text, action, to, actionTestId }: OutcomePageProps) {
  const navigate = useNavigate();
  return (
    <div data-testid={testId}>
      <Result
        status={status}
        title={title}
        subTitle={text}
        extra={
          <Button type="primary" data-testid={actionTestId} onClick={() => navigate(to)}>
            {action}
          </Button>
        }
      />
    </div>
  );
}
