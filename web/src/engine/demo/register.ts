// The showcase entity joins the engine like any area's definition, under cata 'superdemo', with
// an in-memory source: /superdemo/index/demo-order, /page/view/demo-order?id=… and the rest work
// without a server.
import { sessionStore } from '../../session/store';
import { memorySource } from '../data/memorySource';
import { registerEntity } from '../registry';
import { sessionContextOf } from '../session';
import { DEMO_CATA, demoOrderEntity } from './demoEntity';
import { DEMO_ROWS } from './demoRows';

export const demoEntry = registerEntity(demoOrderEntity, {
  cata: DEMO_CATA,
  source: memorySource(demoOrderEntity, DEMO_ROWS, () => sessionContextOf(sessionStore.get())),
});
