// task_before.js: JavaScript run before a Node.js script of a task, in the same process.
// Use it to set process.env values or to add helpers that every script can rely on.
// Example:
// process.env.TZ = process.env.TZ || 'Asia/Shanghai';
