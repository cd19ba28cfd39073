// The seconds countdown after a finished sign-up (spec §9: the redirect countdown is in seconds):
// a visible counter, then the browser goes to the sign-in page.
import { useEffect, useState } from 'react';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Seconds before the redirect (the spec leaves the value to us). */
export const REDIRECT_SECONDS = 5;

export function useCountdown(seconds: number, onZero: () => void): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (left <= 0) {
      onZero();
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, onZero]);
  return left;
}

export function DoneWithCountdown({ testId, title, text, to = '/login' }: { testId: string; title: string; text: string; to?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [go] = useState(() => () => navigate(to));
  const left = useCountdown(REDIRECT_SECONDS, go);
  return (
    <div data-testid={testId}>
      <Result
        status="success"
        title={title}
        subTitle={
          <>
            <div>{text}</div>
            <div data-testid="signup-countdown" aria-live="polite" style={{ marginTop: 8 }}>
              {t('signup.countdown', { seconds: Math.max(left, 0) })}
            </div>
          </>
        }
        extra={
          <Button type="primary" onClick={go} data-testid="signup-go-login">
            {t('signup.goNow')}
          </Button>
        }
      />
    </div>
  );
}
