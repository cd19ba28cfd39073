// frappe-gantt ships no types; PlanPage uses its constructor only.
declare module 'frappe-gantt';
