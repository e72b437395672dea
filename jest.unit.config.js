/*
 * The fast lane (npm run test:unit): the server's unit specs and the client's component tests in
 * one Jest run, so both share its workers. No database, no build, no browser.
 */
const { join } = require('node:path');
const server = require('./server/jest.config.js');
const client = require('./client/jest.config.js');

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    server.projects.find((project) => project.displayName === 'unit'),
    { ...client, rootDir: join(__dirname, 'client'), displayName: 'client' },
  ],
  maxWorkers: 2,
  // The server's specs' timeout (Jest takes it for the whole run, not per project).
  testTimeout: server.testTimeout,
};
