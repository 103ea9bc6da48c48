import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  // mockServiceWorker.js (`npx msw init .storybook/public --no-save`), served at the root.
  staticDirs: ['./public'],
  core: {
    // The machines have no internet but the npm registry: nothing may phone home.
    disableTelemetry: true,
    disableWhatsNewNotifications: true,
  },
};

export default config;
