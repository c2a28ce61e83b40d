import { installAsyncBind } from './async-bind';

// Imported for its effect, first of all by server.ts: ES modules run in import order.
installAsyncBind();
