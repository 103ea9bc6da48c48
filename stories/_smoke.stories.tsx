import type { Meta, StoryObj } from '@storybook/react-vite';

const meta = { title: 'Smoke', render: () => <button type="button">Pay</button> } satisfies Meta;
export default meta;

export const PlainButton: StoryObj = {};
export const UnlabelledInput: StoryObj = { render: () => <input type="text" /> };
import { http, HttpResponse } from 'msw';
import { useEffect, useState } from 'react';
import { expect, within } from 'storybook/test';
function Fetcher() {
  const [t, setT] = useState('loading');
  useEffect(() => { void fetch('/pay/get_state_list').then((r) => r.json()).then((j: { name: string }) => setT(j.name)); }, []);
  return <p>{t}</p>;
}
export const Mocked: StoryObj = {
  render: () => <Fetcher />,
  parameters: { msw: [http.get('/pay/get_state_list', () => HttpResponse.json({ name: 'Texas' }))] },
  play: async ({ canvasElement }) => { await expect(await within(canvasElement).findByText('Texas')).toBeTruthy(); },
};
export const Unmocked: StoryObj = { render: () => <Fetcher /> };
