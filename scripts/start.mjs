// `npm start` (after `npm run build`): the API and the built web app from one process, on the embedded defaults.
import './start-server.mjs';
