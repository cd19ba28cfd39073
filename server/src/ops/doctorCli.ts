// `npm run doctor`: prints the effective configuration and what is wrong with it (./doctor.ts).
import { doctor, formatReport } from './doctor';

const report = await doctor();
console.log(formatReport(report));
process.exit(report.ok ? 0 : 1);
