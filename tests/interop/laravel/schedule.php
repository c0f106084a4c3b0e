<?php
// SPDX-License-Identifier: GPL-3.0-or-later
// php schedule.php [hang]: one run of Laravel's scheduler (`schedule:run`: filtersPass, then
// Event::run) over a task with ->withoutOverlapping(), its mutex Laravel 8's CacheEventMutex on
// the database cache store: an entry of the `cache` table, not a cache lock. With "hang" the task
// also puts an ordinary cache entry, says it runs and waits, to be killed with SIGKILL by the
// test: its mutex stays for expiresAt (1440 minutes). Without, prints {"ran": true|false} (false:
// the scheduler skipped the task, its mutex exists) and whether the mutex is left.

declare(strict_types=1);
require __DIR__ . '/bootstrap.php';

use Illuminate\Console\Scheduling\CacheEventMutex;
use Illuminate\Console\Scheduling\CallbackEvent;
use Illuminate\Database\Capsule\Manager as Capsule;
use Illuminate\Support\Facades\Cache;

$app = lockscope_laravel();
$hang = ($argv[1] ?? '') === 'hang';
$mutexRow = function (CallbackEvent $event): ?object {
    return Capsule::table('cache')->where('key', Cache::getPrefix() . $event->mutexName())->first();
};
$ran = false;
$event = (new CallbackEvent(new CacheEventMutex($app['cache']), function () use (&$ran, &$event,
                                                                                 $hang, $mutexRow) {
    $ran = true;
    if (!$hang) {
        return;
    }
    Cache::put('greeting', 'hello', 3600); // an ordinary cache entry in the same table
    $row = $mutexRow($event);
    lockscope_say(['running' => true, 'name' => $event->mutexName(),
                   'key' => Cache::getPrefix() . $event->mutexName(),
                   'expiration' => $row ? (int) $row->expiration : null, 'php_time' => time()]);
    while (true) { // the task "runs" until the test kills it
        sleep(60);
    }
}))->name('report:nightly')->withoutOverlapping();

// ScheduleRunCommand::handle for this one due event.
if ($event->filtersPass($app)) {
    $event->run($app);
}
lockscope_say(['ran' => $ran, 'mutex_left' => $mutexRow($event) !== null]);
