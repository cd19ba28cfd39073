// A name in both languages: two required inputs side by side, `<name>_en` and `<name>_zh` (a
// form's name in the designer, a field's label in the field editor).
import { Col, Form, Input } from 'antd';

export function BilingualInputs({ name, span, labels, testId }: { name: string; span: number; labels: { en: string; zh: string }; testId: string }) {
  return (
    <>
      {(['en', 'zh'] as const).map((lang) => (
        <Col xs={24} sm={span} key={lang}>
          <Form.Item name={`${name}_${lang}`} label={labels[lang]} required>
            <Input data-testid={`${testId}-${lang}`} />
          </Form.Item>
        </Col>
      ))}
    </>
  );
}
