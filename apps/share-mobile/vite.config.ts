import { mergeConfig } from 'vite';
import { defineTrackitApp } from '../../tooling/vite-app.js';

export default mergeConfig(
  defineTrackitApp({
    base: '/h5/',
    port: 5174,
    // Neither antd nor the libraries this app replaced to stay small (docs/benchmarks.md "Share pages (/h5)").
    forbiddenImports: ['antd', '@ant-design/icons', 'react-router', '@tanstack/react-query', 'axios'],
  }),
  {
    build: {
      // bench/share-bundle.ts reads which files the package page's first render loads from the manifest.
      manifest: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // What the package and model pages share (hearts, name question, pictures, view records),
              // with what they import (router, data, the contract's and client's pieces), in one file
              // that index.html preloads beside the entry: without it the page chunk waited for four more
              // files of 1-3 kB, one more round trip on a slow network.
              {
                name: 'share-kit',
                test: /[\\/]share-mobile[\\/]src[\\/](data[\\/](picks|use-share-view)|components[\\/](heart-button|name-prompt|share-image|photo-grid|icons))\./,
              },
            ],
          },
        },
      },
    },
  },
);
