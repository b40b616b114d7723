import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** A page that says what it is for: a heading and a sentence (routes whose screens come later). */
export function InfoPage({ title, text, extra }: { title: string; text: string; extra?: ReactNode }) {
  return (
    <section className="info-page">
      <Typography.Title level={2}>{title}</Typography.Title>
      <Typography.Paragraph type="secondary">{text}</Typography.Paragraph>
      {extra}
    </section>
  );
}
