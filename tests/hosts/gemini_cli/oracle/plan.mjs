// Gemini CLI's own hook loader and planner, run over many cases at once (hookc's
// differential test, tests/hosts/gemini_cli/test_oracle.py).
//
// stdin: a JSON list of cases, each {hooks, disabled, event, subjects}: `hooks` a settings
// file's `hooks` object, `disabled` its `hooksConfig.disabled`, `subjects` the tool names
// (BeforeTool, AfterTool) or sources / reasons / triggers (the other events) to plan for,
// a null subject meaning an event that passes the planner no context.
// stdout (the last line): for each case, for each subject, null (no plan) or
// {sequential, hooks}, `hooks` naming each planned handler by its place in the file,
// `<event>.<group>.<handler>`.
import fs from 'node:fs';
import { HookRegistry } from '@google/gemini-cli-core/dist/src/hooks/hookRegistry.js';
import { HookPlanner } from '@google/gemini-cli-core/dist/src/hooks/hookPlanner.js';

const TOOL_EVENTS = new Set(['BeforeTool', 'AfterTool']);

async function plans(testCase) {
  const hooks = JSON.parse(JSON.stringify(testCase.hooks ?? {}));
  // The registry keeps each handler object it accepts: name them by place before it does.
  const places = new Map();
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    groups.forEach((group, g) => {
      (group?.hooks ?? []).forEach((handler, h) => {
        if (handler && typeof handler === 'object') places.set(handler, `${event}.${g}.${h}`);
      });
    });
  }
  const config = {
    getHooks: () => hooks,
    isTrustedFolder: () => true,
    getProjectHooks: () => undefined,
    getExtensions: () => [],
    getDisabledHooks: () => testCase.disabled ?? [],
  };
  const registry = new HookRegistry(config);
  await registry.initialize();
  const planner = new HookPlanner(registry);
  return testCase.subjects.map((subject) => {
    let context;
    if (subject !== null) {
      context = TOOL_EVENTS.has(testCase.event) ? { toolName: subject } : { trigger: subject };
    }
    const plan = planner.createExecutionPlan(testCase.event, context);
    return plan && { sequential: plan.sequential, hooks: plan.hookConfigs.map((c) => places.get(c)) };
  });
}

const cases = JSON.parse(fs.readFileSync(0, 'utf8'));
const out = [];
for (const testCase of cases) out.push(await plans(testCase));
process.stdout.write('\n' + JSON.stringify(out) + '\n');
