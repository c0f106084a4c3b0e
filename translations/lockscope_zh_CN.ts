<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>Acknowledgements</name>
    <message>
        <source>until it changes</source>
        <translation>直到有变化</translation>
    </message>
    <message>
        <source>until %1</source>
        <translation>有效至 %1</translation>
    </message>
    <message>
        <source>Acknowledged by %1 %2</source>
        <translation>已由 %1 确认，%2</translation>
    </message>
    <message>
        <source>Acknowledged by %1 %2: %3</source>
        <translation>已由 %1 确认，%2：%3</translation>
    </message>
</context>
<context>
    <name>AsOf</name>
    <message>
        <source>as of %1</source>
        <translation>截至 %1</translation>
    </message>
</context>
<context>
    <name>ConnectionColour</name>
    <message>
        <source>Production (red)</source>
        <translation>生产（红色）</translation>
    </message>
    <message>
        <source>Staging (amber)</source>
        <translation>预发布（琥珀色）</translation>
    </message>
    <message>
        <source>Development (green)</source>
        <translation>开发（绿色）</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Production</source>
        <translation>生产</translation>
    </message>
    <message>
        <source>Staging</source>
        <translation>预发布</translation>
    </message>
    <message>
        <source>Development</source>
        <translation>开发</translation>
    </message>
</context>
<context>
    <name>ConnectionProfile</name>
    <message>
        <source>No database given: use --db URL or set LOCKSCOPE_DB.</source>
        <translation>未指定数据库：请使用 --db URL 或设置 LOCKSCOPE_DB。</translation>
    </message>
    <message>
        <source>The connect timeout must be a whole number of seconds from %1 to %2.</source>
        <translation>连接超时必须是 %1 到 %2 之间的整数秒。</translation>
    </message>
    <message>
        <source>Choose the SQLite database file.</source>
        <translation>请选择 SQLite 数据库文件。</translation>
    </message>
    <message>
        <source>The file path contains a control character.</source>
        <translation>文件路径包含控制字符。</translation>
    </message>
    <message>
        <source>Enter the ODBC data source name (DSN).</source>
        <translation>请输入 ODBC 数据源名称（DSN）。</translation>
    </message>
    <message>
        <source>Enter the database server&apos;s host name.</source>
        <translation>请输入数据库服务器的主机名。</translation>
    </message>
    <message>
        <source>The host name &quot;%1&quot; contains &apos;%2&apos;.</source>
        <translation>主机名“%1”包含“%2”。</translation>
    </message>
    <message>
        <source>The database name contains a slash.</source>
        <translation>数据库名称包含斜杠。</translation>
    </message>
    <message>
        <source>The port is not a number from 1 to 65535.</source>
        <translation>端口不是 1 到 65535 之间的数字。</translation>
    </message>
    <message>
        <source>The host, user name, password or database name contains a control character.</source>
        <translation>主机、用户名、密码或数据库名称包含控制字符。</translation>
    </message>
    <message>
        <source>An option of this connection is not supported for %1.</source>
        <translation>此连接的某个选项不受 %1 支持。</translation>
    </message>
    <message>
        <source>Enter the name of the application&apos;s lock table.</source>
        <translation>请输入应用锁表的名称。</translation>
    </message>
    <message>
        <source>write it as db1:5432,db2:5432.</source>
        <translation>请写成 db1:5432,db2:5432。</translation>
    </message>
    <message>
        <source>The host list is not valid: %1</source>
        <translation>主机列表无效：%1</translation>
    </message>
    <message>
        <source>Only PostgreSQL connections can have several hosts (for now): give %1 one host.</source>
        <translation>（目前）只有 PostgreSQL 连接可以有多个主机：请为 %1 只填写一个主机。</translation>
    </message>
    <message>
        <source>There is no built-in profile &quot;%1&quot; (--profile). The profiles are: %2, or a mapping file (NAME.json).</source>
        <translation>没有名为“%1”的内置配置（--profile）。可用的配置有：%2，或映射文件（NAME.json）。</translation>
    </message>
</context>
<context>
    <name>Countdown</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分</translation>
    </message>
</context>
<context>
    <name>DemoWorkload</name>
    <message>
        <source>Cannot create the directory %1.</source>
        <translation>无法创建目录 %1。</translation>
    </message>
</context>
<context>
    <name>DriverInfo</name>
    <message>
        <source>SQLite</source>
        <translation>SQLite</translation>
    </message>
    <message>
        <source>PostgreSQL</source>
        <translation>PostgreSQL</translation>
    </message>
    <message>
        <source>MySQL / MariaDB</source>
        <translation>MySQL / MariaDB</translation>
    </message>
    <message>
        <source>Oracle</source>
        <translation>Oracle</translation>
    </message>
    <message>
        <source>ODBC</source>
        <translation>ODBC</translation>
    </message>
    <message>
        <source>Install the Debian package libqt6sql6-sqlite.</source>
        <translation>请安装 Debian 软件包 libqt6sql6-sqlite。</translation>
    </message>
    <message>
        <source>Install the Debian package libqt6sql6-psql.</source>
        <translation>请安装 Debian 软件包 libqt6sql6-psql。</translation>
    </message>
    <message>
        <source>Install the Debian package libqt6sql6-mysql.</source>
        <translation>请安装 Debian 软件包 libqt6sql6-mysql。</translation>
    </message>
    <message>
        <source>Debian has no package for it: build Qt&apos;s QOCI plugin against the Oracle Instant Client.</source>
        <translation>Debian 未提供该软件包：请基于 Oracle Instant Client 构建 Qt 的 QOCI 插件。</translation>
    </message>
    <message>
        <source>Install the Debian package libqt6sql6-odbc and an ODBC driver for your database.</source>
        <translation>请安装 Debian 软件包 libqt6sql6-odbc 以及适用于您数据库的 ODBC 驱动。</translation>
    </message>
</context>
<context>
    <name>Duration</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分</translation>
    </message>
    <message>
        <source>%1 d</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>%1 d %2 h</source>
        <translation>%1 天 %2 小时</translation>
    </message>
</context>
<context>
    <name>LockDisplayState</name>
    <message>
        <source>free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>held</source>
        <translation>持有中</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>已过期</translation>
    </message>
    <message>
        <source>lost owner</source>
        <translation>持有者已退出</translation>
    </message>
    <message>
        <source>not renewing</source>
        <translation>未续期</translation>
    </message>
</context>
<context>
    <name>LockEvent</name>
    <message>
        <source>initialized</source>
        <translation>已初始化</translation>
    </message>
    <message>
        <source>acquired</source>
        <translation>已获取</translation>
    </message>
    <message>
        <source>re-entered</source>
        <translation>已重入</translation>
    </message>
    <message>
        <source>renewed</source>
        <translation>已续期</translation>
    </message>
    <message>
        <source>released</source>
        <translation>已释放</translation>
    </message>
    <message>
        <source>taken over (lease had expired)</source>
        <translation>已接管（原租约已过期）</translation>
    </message>
    <message>
        <source>lost (holder no longer held it)</source>
        <translation>已丢失（持有者已不再持有）</translation>
    </message>
    <message>
        <source>force released</source>
        <translation>已强制释放</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>已删除</translation>
    </message>
</context>
<context>
    <name>LockHistory</name>
    <message>
        <source>renewed %1 times, %2–%3</source>
        <translation>续期 %1 次，%2–%3</translation>
    </message>
    <message>
        <source>%1 renewals by %2 (fence %3) from %4 to %5; at most %6 between two.</source>
        <translation>%2 从 %4 到 %5 共续期 %1 次（栅栏令牌 %3）；两次续期之间最长间隔 %6。</translation>
    </message>
    <message>
        <source>Reason: %1</source>
        <translation>原因：%1</translation>
    </message>
    <message>
        <source>Description: %1</source>
        <translation>描述：%1</translation>
    </message>
    <message>
        <source>Its description was: %1</source>
        <translation>它的描述为：%1</translation>
    </message>
</context>
<context>
    <name>LockProblem</name>
    <message>
        <source>long hold</source>
        <translation>长时间持有</translation>
    </message>
</context>
<context>
    <name>LockProfileText</name>
    <message>
        <source>Pessimistic lock table with a status flag</source>
        <translation>带状态标志的悲观锁表</translation>
    </message>
    <message>
        <source>Lock table, re-entrant by owner</source>
        <translation>锁表，同一持有者可重入</translation>
    </message>
    <message>
        <source>Lock columns on the business row</source>
        <translation>业务行上的锁列</translation>
    </message>
    <message>
        <source>Task lock by unique key</source>
        <translation>按唯一键的任务锁</translation>
    </message>
    <message>
        <source>ShedLock</source>
        <translation>ShedLock</translation>
    </message>
    <message>
        <source>Spring Integration JDBC lock</source>
        <translation>Spring Integration JDBC 锁</translation>
    </message>
    <message>
        <source>Custom mapping…</source>
        <translation>自定义映射…</translation>
    </message>
    <message>
        <source>%1 flag</source>
        <translation>%1 标志</translation>
    </message>
    <message>
        <source>%1 + %2 s</source>
        <translation>%1 + %2 秒</translation>
    </message>
    <message>
        <source>no expiry</source>
        <translation>无过期时间</translation>
    </message>
    <message>
        <source>any table</source>
        <translation>任意表</translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation>%1：%2（%3）</translation>
    </message>
    <message>
        <source>Lockscope&apos;s own table: holder, lease, fencing token, and its events in %1_event.</source>
        <translation>Lockscope 自己的表：持有者、租约、栅栏令牌，事件在 %1_event 中。</translation>
    </message>
</context>
<context>
    <name>MissingTable</name>
    <message>
        <source>The lock table “%1” does not exist in the SQLite file %2.</source>
        <translation>SQLite 文件 %2 中不存在锁表“%1”。</translation>
    </message>
    <message>
        <source>The lock table “%1” does not exist in schema “%2” of database “%3” (%4).</source>
        <translation>数据库“%3”的模式“%2”中不存在锁表“%1”（%4）。</translation>
    </message>
    <message>
        <source>The lock table “%1” does not exist in database “%2” (%3), in any schema of the search path.</source>
        <translation>数据库“%2”（%3）中搜索路径上的任何模式里都不存在锁表“%1”。</translation>
    </message>
    <message>
        <source>The lock table “%1” does not exist in database “%2” (%3).</source>
        <translation>数据库“%2”中不存在锁表“%1”（%3）。</translation>
    </message>
</context>
<context>
    <name>ProfileReader</name>
    <message>
        <source>reading the database clock</source>
        <translation>读取数据库时钟</translation>
    </message>
    <message>
        <source>The database did not return its time.</source>
        <translation>数据库未返回其时间。</translation>
    </message>
    <message>
        <source>Possibly stuck: held for %1, and this table has no expiry.</source>
        <translation>可能卡住：已持有 %1，且此表没有过期时间。</translation>
    </message>
    <message>
        <source>Held for %1 (no expiry).</source>
        <translation>已持有 %1（无过期时间）。</translation>
    </message>
    <message>
        <source>Held (no expiry, no time recorded).</source>
        <translation>已持有（无过期时间，未记录时间）。</translation>
    </message>
    <message>
        <source>Possibly stuck: held for at least %1 (seen held since %2; this table records no time and no expiry).</source>
        <translation>可能卡住：至少已持有 %1（自 %2 起观察到被持有；此表不记录时间，也没有过期时间）。</translation>
    </message>
    <message>
        <source>Held for at least %1 (seen held since %2; this table records no time and no expiry).</source>
        <translation>至少已持有 %1（自 %2 起观察到被持有；此表不记录时间，也没有过期时间）。</translation>
    </message>
</context>
<context>
    <name>SimExport</name>
    <message>
        <source>%1 could not be written: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>Startup</name>
    <message>
        <source>Monitor and manage distributed locks stored in database tables.</source>
        <translation>监控和管理存储在数据库表中的分布式锁。</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>The lock table (default dist_lock).</source>
        <translation>锁表（默认为 dist_lock）。</translation>
    </message>
    <message>
        <source>NAME</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Offer no action that changes the database.</source>
        <translation>不提供任何会更改数据库的操作。</translation>
    </message>
    <message>
        <source>Interface language: en or zh_CN.</source>
        <translation>界面语言：en 或 zh_CN。</translation>
    </message>
    <message>
        <source>LANGUAGE</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Open the embedded demo database with simulated clients.</source>
        <translation>打开内置的演示数据库（带模拟客户端）。</translation>
    </message>
    <message>
        <source>no translation for &quot;%1&quot;; using English</source>
        <translation>没有“%1”的翻译；使用英语</translation>
    </message>
    <message>
        <source>The lock table&apos;s database, as a URL: sqlite:PATH, postgresql://user@host:port/db, mysql://user@host:port/db (also mariadb://), oracle://user@host:port/service, odbc://DSN. Default: $LOCKSCOPE_DB, else the profile used last, else the demo.</source>
        <translation>锁表所在的数据库，以 URL 表示：sqlite:PATH、postgresql://user@host:port/db、mysql://user@host:port/db（也可用 mariadb://）、oracle://user@host:port/service、odbc://DSN。默认依次为：$LOCKSCOPE_DB、上次使用的连接配置、演示数据库。</translation>
    </message>
    <message>
        <source>Above this many locks, read the lock table a window at a time: the rows shown, filtered by the database (default %1).</source>
        <translation>锁的数量超过此值时，按窗口分段读取锁表：只读取显示的行，由数据库过滤（默认 %1）。</translation>
    </message>
    <message>
        <source>LOCKS</source>
        <translation>锁数</translation>
    </message>
    <message>
        <source>--window-threshold takes a number of locks, not &quot;%1&quot;</source>
        <translation>--window-threshold 需要锁的数量，而不是“%1”</translation>
    </message>
    <message>
        <source>Give up connecting after this long, such as 5s or 1m (whole seconds, rounded up).</source>
        <translation>连接超过这么长时间就放弃，例如 5s 或 1m（按整秒计，向上取整）。</translation>
    </message>
    <message>
        <source>DURATION</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>The lock table is this application&apos;s (its columns and rules): %1; or a mapping file NAME.json (see docs/profiles.md). --table defaults to its usual table (a file&apos;s own &quot;table&quot;). Default: Lockscope&apos;s own table.</source>
        <translation>锁表属于此应用（按其列与规则读取）：%1；或映射文件 NAME.json（参见 docs/profiles.md）。--table 默认为该应用通常使用的表（映射文件则为其自身的“table”）。默认：Lockscope 自己的表。</translation>
    </message>
    <message>
        <source>ID|FILE</source>
        <translation>ID|文件</translation>
    </message>
</context>
<context>
    <name>UserGuide</name>
    <message>
        <source>User guide</source>
        <translation>用户指南</translation>
    </message>
</context>
<context>
    <name>lockcore</name>
    <message>
        <source>The database URL is not valid: %1 Use one of: sqlite:PATH, postgresql://user@host:port/database, mysql://user@host:port/database, oracle://user@host:port/service, odbc://DSN.</source>
        <translation>数据库 URL 无效：%1 请使用以下格式之一：sqlite:PATH、postgresql://user@host:port/database、mysql://user@host:port/database、oracle://user@host:port/service、odbc://DSN。</translation>
    </message>
    <message>
        <source>the password contains a character that must be percent-encoded (such as %40 for @).</source>
        <translation>密码包含必须进行百分号编码的字符（例如 @ 应写作 %40）。</translation>
    </message>
    <message>
        <source>it is empty.</source>
        <translation>URL 为空。</translation>
    </message>
    <message>
        <source>it is %1 characters long (the limit is %2).</source>
        <translation>URL 长度为 %1 个字符（上限为 %2）。</translation>
    </message>
    <message>
        <source>it contains a control character.</source>
        <translation>URL 包含控制字符。</translation>
    </message>
    <message>
        <source>it has no scheme (such as &quot;postgresql:&quot;) at the start.</source>
        <translation>URL 开头缺少协议名（如“postgresql:”）。</translation>
    </message>
    <message>
        <source>the SQLite URL has no file path (write sqlite:/path/to/file).</source>
        <translation>SQLite URL 中没有文件路径（应写作 sqlite:/path/to/file）。</translation>
    </message>
    <message>
        <source>the path has a &apos;%&apos; that is not followed by two hex digits (write %25 for a percent sign).</source>
        <translation>路径中的“%”后面不是两位十六进制数字（百分号本身请写作 %25）。</translation>
    </message>
    <message>
        <source>the path&apos;s percent-encoding is not valid UTF-8.</source>
        <translation>路径的百分号编码不是有效的 UTF-8。</translation>
    </message>
    <message>
        <source>the path contains a control character.</source>
        <translation>路径包含控制字符。</translation>
    </message>
    <message>
        <source>the scheme &quot;%1&quot; is not known.</source>
        <translation>未知的协议名“%1”。</translation>
    </message>
    <message>
        <source>&quot;%1:&quot; must be followed by &quot;//&quot;.</source>
        <translation>“%1:”后面必须跟“//”。</translation>
    </message>
    <message>
        <source>it names no host.</source>
        <translation>URL 中没有主机名。</translation>
    </message>
    <message>
        <source>the port is not a number from 1 to 65535.</source>
        <translation>端口不是 1 到 65535 之间的数字。</translation>
    </message>
    <message>
        <source>the database name &quot;%1&quot; contains a slash.</source>
        <translation>数据库名称“%1”包含斜杠。</translation>
    </message>
    <message>
        <source>the user name, password or database name contains a control character (such as %00 or %0A).</source>
        <translation>用户名、密码或数据库名称包含控制字符（如 %00 或 %0A）。</translation>
    </message>
    <message>
        <source>the option &quot;%1&quot; is not supported for %2.</source>
        <translation>%2 不支持选项“%1”。</translation>
    </message>
    <message>
        <source>the value of option &quot;%1&quot; contains &apos;;&apos; or &apos;=&apos;.</source>
        <translation>选项“%1”的值包含“;”或“=”。</translation>
    </message>
    <message>
        <source>the value of option &quot;%1&quot; contains a control character.</source>
        <translation>选项“%1”的值包含控制字符。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a duration: use a number with a unit, such as 500ms, 30s, 5m, 2h or 1d.</source>
        <translation>“%1”不是有效的时长：请使用带单位的数字，如 500ms、30s、5m、2h 或 1d。</translation>
    </message>
    <message>
        <source>reading the grant of &quot;%1&quot;</source>
        <translation>读取“%1”的获取结果</translation>
    </message>
    <message>
        <source>acquiring &quot;%1&quot;</source>
        <translation>获取“%1”</translation>
    </message>
    <message>
        <source>Waiting for &quot;%1&quot; was cancelled.</source>
        <translation>对“%1”的等待已取消。</translation>
    </message>
    <message>
        <source>renewing &quot;%1&quot;</source>
        <translation>续期“%1”</translation>
    </message>
    <message>
        <source>releasing &quot;%1&quot;</source>
        <translation>释放“%1”</translation>
    </message>
    <message>
        <source>description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>initializing &quot;%1&quot;</source>
        <translation>初始化“%1”</translation>
    </message>
    <message>
        <source>recording the initialization</source>
        <translation>记录初始化事件</translation>
    </message>
    <message>
        <source>A force release needs a reason; it is recorded with your name.</source>
        <translation>强制释放必须填写原因；原因将与您的名字一起记录。</translation>
    </message>
    <message>
        <source>reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>force-releasing &quot;%1&quot;</source>
        <translation>强制释放“%1”</translation>
    </message>
    <message>
        <source>recording the force release</source>
        <translation>记录强制释放事件</translation>
    </message>
    <message>
        <source>deleting &quot;%1&quot;</source>
        <translation>删除“%1”</translation>
    </message>
    <message>
        <source>recording the delete</source>
        <translation>记录删除事件</translation>
    </message>
    <message>
        <source>listing locks</source>
        <translation>列出锁</translation>
    </message>
    <message>
        <source>reading lock &quot;%1&quot;</source>
        <translation>读取锁“%1”</translation>
    </message>
    <message>
        <source>The history limit must be between 1 and %1; got %2.</source>
        <translation>历史记录条数上限必须在 1 到 %1 之间；实际为 %2。</translation>
    </message>
    <message>
        <source>reading the history of &quot;%1&quot;</source>
        <translation>读取“%1”的历史记录</translation>
    </message>
    <message>
        <source>reading the database clock</source>
        <translation>读取数据库时钟</translation>
    </message>
    <message>
        <source>The database did not return its time.</source>
        <translation>数据库未返回其时间。</translation>
    </message>
    <message>
        <source>Install the package libqt6sql6-psql.</source>
        <translation>请安装软件包 libqt6sql6-psql。</translation>
    </message>
    <message>
        <source>Install the package libqt6sql6-mysql.</source>
        <translation>请安装软件包 libqt6sql6-mysql。</translation>
    </message>
    <message>
        <source>Install the package libqt6sql6-odbc and an ODBC driver for your database.</source>
        <translation>请安装软件包 libqt6sql6-odbc 以及适用于您数据库的 ODBC 驱动。</translation>
    </message>
    <message>
        <source>Debian does not ship it: build the Qt QOCI plugin against the Oracle Instant Client (see docs/protocol.md).</source>
        <translation>Debian 未提供该插件：请基于 Oracle Instant Client 构建 Qt 的 QOCI 插件（参见 docs/protocol.md）。</translation>
    </message>
    <message>
        <source>Install the package libqt6sql6-sqlite.</source>
        <translation>请安装软件包 libqt6sql6-sqlite。</translation>
    </message>
    <message>
        <source>The Qt SQL driver %1 for %2 is not available. %3</source>
        <translation>%2 的 Qt SQL 驱动 %1 不可用。%3</translation>
    </message>
    <message>
        <source>Cannot open the SQLite database %1: the directory %2 does not exist.</source>
        <translation>无法打开 SQLite 数据库 %1：目录 %2 不存在。</translation>
    </message>
    <message>
        <source>Could not connect to %1: %2</source>
        <translation>无法连接到 %1：%2</translation>
    </message>
    <message>
        <source>no reason given</source>
        <translation>未给出原因</translation>
    </message>
    <message>
        <source>Connected to %1, but its database type is not supported.</source>
        <translation>已连接到 %1，但不支持其数据库类型。</translation>
    </message>
    <message>
        <source>SQLite %1 is too old: Lockscope needs 3.35 or later (UPSERT with RETURNING).</source>
        <translation>SQLite %1 版本过旧：Lockscope 需要 3.35 或更高版本（UPSERT 与 RETURNING）。</translation>
    </message>
    <message>
        <source>The connection to %1 was lost and could not be reopened: %2</source>
        <translation>与 %1 的连接已断开且无法重新打开：%2</translation>
    </message>
    <message>
        <source>creating the schema</source>
        <translation>创建表结构</translation>
    </message>
    <message>
        <source>starting a transaction</source>
        <translation>开始事务</translation>
    </message>
    <message>
        <source>committing</source>
        <translation>提交</translation>
    </message>
    <message>
        <source>The connection to %1 was lost while %2; the outcome is unknown. It will be reopened on the next attempt.</source>
        <translation>在%2时与 %1 的连接断开；结果未知。下次尝试时将重新连接。</translation>
    </message>
    <message>
        <source>A row with this key already exists (while %1).</source>
        <translation>具有该键的行已存在（%1时）。</translation>
    </message>
    <message>
        <source>The database reported an error while %1: %2</source>
        <translation>%1时数据库报错：%2</translation>
    </message>
    <message>
        <source>The %1 is empty.</source>
        <translation>%1为空。</translation>
    </message>
    <message>
        <source>The %1 is not valid Unicode text.</source>
        <translation>%1不是有效的 Unicode 文本。</translation>
    </message>
    <message>
        <source>The %1 contains a control character (code %2) at position %3; tabs, newlines and NUL are not allowed.</source>
        <translation>%1在第 %3 个字符处包含控制字符（代码 %2）；不允许使用制表符、换行符和 NUL。</translation>
    </message>
    <message>
        <source>The %1 is %2 characters long; the limit is %3.</source>
        <translation>%1长度为 %2 个字符；上限为 %3。</translation>
    </message>
    <message>
        <source>The %1 starts or ends with white space, which some databases ignore when comparing; remove it.</source>
        <translation>%1以空白字符开头或结尾，部分数据库在比较时会忽略这些空白；请将其删除。</translation>
    </message>
    <message>
        <source>lock name</source>
        <translation>锁名称</translation>
    </message>
    <message>
        <source>holder id</source>
        <translation>持有者 ID</translation>
    </message>
    <message>
        <source>The %1 contains a NUL character.</source>
        <translation>%1包含 NUL 字符。</translation>
    </message>
    <message>
        <source>The lease time (TTL) must be at least 1 ms; got %1 ms.</source>
        <translation>租约时长（TTL）至少为 1 毫秒；实际为 %1 毫秒。</translation>
    </message>
    <message>
        <source>The lease time (TTL) %1 is longer than the limit of %2; a job that runs longer should renew its lease.</source>
        <translation>租约时长（TTL）%1 超过上限 %2；运行时间更长的任务应续期其租约。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid table name: use letters, digits and underscores (not starting with a digit, at most %2 characters), optionally prefixed by a schema name and a dot.</source>
        <translation>“%1”不是有效的表名：请使用字母、数字和下划线（不能以数字开头，最多 %2 个字符），可选择以模式名加点作为前缀。</translation>
    </message>
    <message>
        <source>notifying waiters</source>
        <translation>通知等待者</translation>
    </message>
    <message>
        <source>The database was busy while %1 (a lock wait timed out or a deadlock was broken); nothing was changed, and it can be retried: %2</source>
        <translation>%1时数据库繁忙（锁等待超时或死锁被打破）；未做任何更改，可以重试：%2</translation>
    </message>
    <message>
        <source>session %1 (%2)</source>
        <translation>会话 %1（%2）</translation>
    </message>
    <message>
        <source>SQLite has no locks of its own for applications (no advisory or user locks): there is nothing to show.</source>
        <translation>SQLite 没有供应用使用的自有锁（没有咨询锁或用户锁）：没有可显示的内容。</translation>
    </message>
    <message>
        <source>identifying this session</source>
        <translation>识别本会话</translation>
    </message>
    <message>
        <source>The database did not identify the session.</source>
        <translation>数据库未能识别该会话。</translation>
    </message>
    <message>
        <source>reading the database&apos;s own locks</source>
        <translation>读取数据库自身的锁</translation>
    </message>
    <message>
        <source>performance_schema.metadata_locks could not be read (%1).</source>
        <translation>无法读取 performance_schema.metadata_locks（%1）。</translation>
    </message>
    <message>
        <source>performance_schema is off and the metadata_lock_info plugin is not installed, so the server cannot list its user locks: only the names you give are looked up (IS_USED_LOCK). Turn performance_schema on, or INSTALL SONAME &apos;metadata_lock_info&apos; (MariaDB), to see them all.</source>
        <translation>performance_schema 已关闭且未安装 metadata_lock_info 插件，服务器无法列出其用户锁：只查询您给出的锁名（IS_USED_LOCK）。要查看全部，请开启 performance_schema，或执行 INSTALL SONAME &apos;metadata_lock_info&apos;（MariaDB）。</translation>
    </message>
    <message>
        <source>Ending another user&apos;s session needs membership in pg_signal_backend (or superuser); a superuser&apos;s session can only be ended by a superuser.</source>
        <translation>结束其他用户的会话需要 pg_signal_backend 角色成员身份（或超级用户）；超级用户的会话只能由超级用户结束。</translation>
    </message>
    <message>
        <source>Killing another user&apos;s connection needs the CONNECTION ADMIN privilege (or SUPER).</source>
        <translation>终止其他用户的连接需要 CONNECTION ADMIN 权限（或 SUPER）。</translation>
    </message>
    <message>
        <source>ALTER SYSTEM KILL SESSION needs the ALTER SYSTEM privilege.</source>
        <translation>ALTER SYSTEM KILL SESSION 需要 ALTER SYSTEM 权限。</translation>
    </message>
    <message>
        <source>checking who holds the lock</source>
        <translation>检查锁的持有者</translation>
    </message>
    <message>
        <source>%1 is not in the processlist: it has ended, or this user may not see other users&apos; connections (that needs the PROCESS privilege).</source>
        <translation>%1 不在进程列表中：它已结束，或当前用户无权查看其他用户的连接（这需要 PROCESS 权限）。</translation>
    </message>
    <message>
        <source>%1 no longer exists.</source>
        <translation>%1 已不存在。</translation>
    </message>
    <message>
        <source>The id %1 now belongs to another session (started at %2), not the one you saw (started at %3).</source>
        <translation>ID %1 现在属于另一个会话（开始于 %2），而不是您看到的那个（开始于 %3）。</translation>
    </message>
    <message>
        <source>The id %1 now belongs to user &quot;%2&quot;, not &quot;%3&quot;: another session.</source>
        <translation>ID %1 现在属于用户“%2”而不是“%3”：这是另一个会话。</translation>
    </message>
    <message>
        <source>%1 no longer holds the lock %2.</source>
        <translation>%1 已不再持有锁 %2。</translation>
    </message>
    <message>
        <source>terminating %1</source>
        <translation>终止%1</translation>
    </message>
    <message>
        <source>The lock changed while checking; nothing was done.</source>
        <translation>检查期间锁已变化；未做任何操作。</translation>
    </message>
    <message>
        <source>%1 was terminated.</source>
        <translation>%1 已被终止。</translation>
    </message>
    <message>
        <source>pg_terminate_backend did not end %1 in time (or it was no longer a server process).</source>
        <translation>pg_terminate_backend 未能及时结束 %1（或它已不是服务器进程）。</translation>
    </message>
    <message>
        <source>%1 ended by itself just now.</source>
        <translation>%1 刚刚已自行结束。</translation>
    </message>
    <message>
        <source>%1 is Lockscope&apos;s own connection: refused.</source>
        <translation>%1 是 Lockscope 自己的连接：已拒绝。</translation>
    </message>
    <message>
        <source>%1 waits for the lock %2; it does not hold it.</source>
        <translation>%1 正在等待锁 %2，并未持有它。</translation>
    </message>
    <message>
        <source>The database refused to end %1: %2 %3</source>
        <translation>数据库拒绝结束 %1：%2 %3</translation>
    </message>
    <message>
        <source>The profile&apos;s &quot;time&quot; must be &quot;utc&quot; or &quot;local&quot;; got &quot;%1&quot;.</source>
        <translation>配置的“time”必须是“utc”或“local”；实际为“%1”。</translation>
    </message>
    <message>
        <source>The profile&apos;s &quot;release&quot; must be one of status, delete, expire or clear_holder; got &quot;%1&quot;.</source>
        <translation>配置的“release”必须是 status、delete、expire 或 clear_holder 之一；实际为“%1”。</translation>
    </message>
    <message>
        <source>There is no profile &quot;%1&quot;. The profiles are: %2.</source>
        <translation>没有名为“%1”的配置。可用的配置有：%2。</translation>
    </message>
    <message>
        <source>The profile maps no lock name column.</source>
        <translation>该配置没有映射锁名称列。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid column name: use letters, digits and underscores (not starting with a digit, at most %2 characters).</source>
        <translation>“%1”不是有效的列名：请使用字母、数字和下划线（不能以数字开头，最多 %2 个字符）。</translation>
    </message>
    <message>
        <source>The profile maps one column to two roles.</source>
        <translation>该配置把同一列映射为两种用途。</translation>
    </message>
    <message>
        <source>a status column (release &quot;status&quot;)</source>
        <translation>一个状态列（release 为“status”）</translation>
    </message>
    <message>
        <source>an expiry column (release &quot;expire&quot;)</source>
        <translation>一个过期时间列（release 为“expire”）</translation>
    </message>
    <message>
        <source>a holder column (release &quot;clear_holder&quot;)</source>
        <translation>一个持有者列（release 为“clear_holder”）</translation>
    </message>
    <message>
        <source>a holder column (re-entry by holder)</source>
        <translation>一个持有者列（按持有者重入）</translation>
    </message>
    <message>
        <source>the value of the region column</source>
        <translation>区域列的值</translation>
    </message>
    <message>
        <source>no expiry column when the expiry is the locked-at time plus a TTL</source>
        <translation>在过期时间由获取时间加 TTL 得出时不能再有过期时间列</translation>
    </message>
    <message>
        <source>a locked-at column (expiry from a TTL)</source>
        <translation>一个获取时间列（由 TTL 计算过期时间）</translation>
    </message>
    <message>
        <source>a positive TTL</source>
        <translation>一个正的 TTL</translation>
    </message>
    <message>
        <source>The profile %1 needs %2.</source>
        <translation>配置 %1 需要%2。</translation>
    </message>
    <message>
        <source>reading the catalog</source>
        <translation>读取数据字典</translation>
    </message>
    <message>
        <source>The table %1 does not exist in %2 (the profile %3 reads it).</source>
        <translation>%2 中不存在表 %1（配置 %3 需要读取它）。</translation>
    </message>
    <message>
        <source>The table %1 does not have the columns the profile %2 maps: %3 missing.</source>
        <translation>表 %1 缺少配置 %2 映射的列：缺少 %3。</translation>
    </message>
    <message>
        <source>checking the table %1</source>
        <translation>检查表 %1</translation>
    </message>
    <message>
        <source>listing the locks of %1</source>
        <translation>列出 %1 中的锁</translation>
    </message>
    <message>
        <source>reading the lock %1</source>
        <translation>读取锁 %1</translation>
    </message>
    <message>
        <source>acquiring %1 as the profile %2</source>
        <translation>按配置 %2 获取 %1</translation>
    </message>
    <message>
        <source>There is no row &quot;%1&quot; in %2: the profile %3 locks existing rows only.</source>
        <translation>%2 中没有行“%1”：配置 %3 只锁定已存在的行。</translation>
    </message>
    <message>
        <source>releasing %1 as the profile %2</source>
        <translation>按配置 %2 释放 %1</translation>
    </message>
    <message>
        <source>A force release on the profile %1 needs the time you saw (the %2 column, as listed), so that a lock that changed hands since is not freed.</source>
        <translation>在配置 %1 上强制释放需要提供您看到的时间（列表中的 %2 列），以免释放一个此后已易手的锁。</translation>
    </message>
    <message>
        <source>force-releasing %1</source>
        <translation>强制释放 %1</translation>
    </message>
    <message>
        <source>The profile %1 has no initialize: its application creates a lock&apos;s row when it locks.</source>
        <translation>配置 %1 没有初始化操作：其应用在加锁时才创建锁的行。</translation>
    </message>
    <message>
        <source>initializing %1</source>
        <translation>初始化 %1</translation>
    </message>
    <message>
        <source>The database refused the session time zone &quot;%1&quot;: %2</source>
        <translation>数据库拒绝了会话时区“%1”：%2</translation>
    </message>
    <message>
        <source>%1 has no session time zone to set.</source>
        <translation>%1 没有可设置的会话时区。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a time zone: give a name such as Asia/Shanghai or UTC, or an offset such as +08:00.</source>
        <translation>“%1”不是时区：请给出名称（如 Asia/Shanghai 或 UTC）或偏移量（如 +08:00）。</translation>
    </message>
    <message>
        <source>waiting for a release</source>
        <translation>等待释放</translation>
    </message>
    <message>
        <source>freeing a wake-up lock</source>
        <translation>释放唤醒锁</translation>
    </message>
    <message>
        <source>the option &quot;readonly&quot; takes 1, true, 0 or false.</source>
        <translation>选项“readonly”只接受 1、true、0 或 false。</translation>
    </message>
    <message>
        <source>terminating the session that holds a lock</source>
        <translation>终止持有锁的会话</translation>
    </message>
    <message>
        <source>Cannot open the SQLite database %1 read-only: the file does not exist (a read-only connection does not create it).</source>
        <translation>无法以只读方式打开 SQLite 数据库 %1：文件不存在（只读连接不会创建它）。</translation>
    </message>
    <message>
        <source>The database refused to make the session read-only: %1</source>
        <translation>数据库拒绝将会话设为只读：%1</translation>
    </message>
    <message>
        <source>The connection to %1 is read-only: %2 was refused before anything was sent to the database. Connect without read-only to change locks.</source>
        <translation>到 %1 的连接是只读的：%2已被拒绝，未向数据库发送任何内容。要修改锁，请以非只读方式连接。</translation>
    </message>
    <message>
        <source>reading the held locks&apos; names</source>
        <translation>读取被持有的锁的名称</translation>
    </message>
    <message>
        <source>%1 answers SYSDATE() with the time its statement started (the server runs with --sysdate-is-now, or the session set @@timestamp): a lock granted after a wait would be timed before it. Lockscope does not write locks there; remove --sysdate-is-now from the server&apos;s options, or connect read-only (readonly=1) to look.</source>
        <translation>%1 对 SYSDATE() 的回答是其语句开始的时间（服务器以 --sysdate-is-now 运行，或会话设置了 @@timestamp）：等待之后授予的锁会被记成等待之前的时间。Lockscope 不会在这里写入锁；请从服务器选项中去掉 --sysdate-is-now，或以只读方式（readonly=1）连接来查看。</translation>
    </message>
    <message>
        <source>Not released: &quot;%1&quot; was deleted since you looked. Nothing was changed.</source>
        <translation>未释放：“%1”在您查看之后已被删除。没有做任何更改。</translation>
    </message>
    <message>
        <source>Not released: &quot;%1&quot; was released since you looked; it is free now (fence %2). Nothing was changed.</source>
        <translation>未释放：“%1”在您查看之后已被释放，现在是空闲的（栅栏令牌 %2）。没有做任何更改。</translation>
    </message>
    <message>
        <source>Not released: &quot;%1&quot; is held by %2 now (fence %3), not by the holder you saw (fence %4). Nothing was changed.</source>
        <translation>未释放：“%1”现在由 %2 持有（栅栏令牌 %3），不是您看到的持有者（栅栏令牌 %4）。没有做任何更改。</translation>
    </message>
    <message>
        <source>Not released: &quot;%1&quot; could not be force-released. Nothing was changed.</source>
        <translation>未释放：无法强制释放“%1”。没有做任何更改。</translation>
    </message>
    <message>
        <source>The server at %1 refused the login of user &quot;%2&quot;: wrong password or no access.</source>
        <translation>%1 的服务器拒绝了用户“%2”的登录：密码错误或没有访问权限。</translation>
    </message>
    <message>
        <source>The lock table does not exist in %1 (while %2).</source>
        <translation>%1 中不存在锁表（在%2时）。</translation>
    </message>
    <message>
        <source>it names several hosts, and only PostgreSQL URLs can (for now): give %1 one host.</source>
        <translation>URL 中有多个主机，而（目前）只有 PostgreSQL URL 可以这样写：请为 %1 只写一个主机。</translation>
    </message>
    <message>
        <source>the option &quot;%1&quot; takes %2, not &quot;%3&quot;.</source>
        <translation>选项“%1”的取值为 %2，不能是“%3”。</translation>
    </message>
    <message>
        <source>the entry &quot;%1&quot; of the host list names no host.</source>
        <translation>主机列表中的“%1”没有主机名。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid host name or address.</source>
        <translation>“%1”不是有效的主机名或地址。</translation>
    </message>
    <message>
        <source>the host list has an empty entry (two commas in a row, or one at its start or end).</source>
        <translation>主机列表中有空项（两个逗号相连，或逗号在开头或末尾）。</translation>
    </message>
    <message>
        <source>the IPv6 address &quot;%1&quot; has no closing &apos;]&apos;.</source>
        <translation>IPv6 地址“%1”缺少右方括号“]”。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; has something other than &quot;:port&quot; after its &apos;]&apos;.</source>
        <translation>“%1”的“]”后面只能是“:端口”。</translation>
    </message>
    <message>
        <source>write the IPv6 address &quot;%1&quot; in brackets in a host list ([2001:db8::1]:5432).</source>
        <translation>在主机列表中，IPv6 地址“%1”要写在方括号里（[2001:db8::1]:5432）。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; ends in &apos;:&apos; without a port (write the port after it, or leave out the &apos;:&apos; for the default port).</source>
        <translation>“%1”以“:”结尾却没有端口（请在其后写上端口，或去掉“:”以使用默认端口）。</translation>
    </message>
    <message>
        <source>the port of &quot;%1&quot; is not a number from 1 to 65535.</source>
        <translation>“%1”的端口不是 1 到 65535 之间的数字。</translation>
    </message>
    <message>
        <source>asking which server answered</source>
        <translation>查询应答的服务器</translation>
    </message>
    <message>
        <source>the local socket (port %1)</source>
        <translation>本机套接字（端口 %1）</translation>
    </message>
    <message>
        <source>reading the server&apos;s replication settings</source>
        <translation>读取服务器的复制设置</translation>
    </message>
    <message>
        <source>reading %1</source>
        <translation>读取 %1</translation>
    </message>
    <message>
        <source>%1 could not be read: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>standalone</source>
        <translation>单机</translation>
    </message>
    <message>
        <source>Galera cluster node</source>
        <translation>Galera 集群节点</translation>
    </message>
    <message>
        <source>PostgreSQL primary</source>
        <translation>PostgreSQL 主库</translation>
    </message>
    <message>
        <source>PostgreSQL standby</source>
        <translation>PostgreSQL 备库</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>synchronous_commit is %1 here, so a commit is acknowledged before any standby has it</source>
        <translation>这里的 synchronous_commit 为 %1，提交在任何备库收到之前就已确认</translation>
    </message>
    <message>
        <source>no standby is synchronous (synchronous_standby_names is empty)</source>
        <translation>没有同步备库（synchronous_standby_names 为空）</translation>
    </message>
    <message>
        <source>Connected to a standby, which is read-only: the lock table cannot be written here, so acquires, releases and admin actions fail. Connect to the primary (with several hosts in the URL, add target_session_attrs=read-write).</source>
        <translation>已连接到备库，它是只读的：这里无法写入锁表，获取、释放和管理操作都会失败。请连接到主库（URL 中有多个主机时，加上 target_session_attrs=read-write）。</translation>
    </message>
    <message>
        <source>A grant acknowledged here could be lost on failover: %1. If this primary fails, a standby promoted without that grant can give the same lock to a second holder.</source>
        <translation>在这里确认的授予可能在故障切换时丢失：%1。如果这个主库故障，被提升的备库若没有这次授予，就可能把同一把锁交给第二个持有者。</translation>
    </message>
    <message>
        <source>Commits wait for a synchronous standby (%1) and none is connected: every acquire, renewal and release hangs until one is.</source>
        <translation>提交要等待同步备库（%1），但没有一个已连接：每次获取、续约和释放都会挂起，直到有备库连上。</translation>
    </message>
    <message>
        <source>This node is not in the cluster&apos;s primary component (wsrep_cluster_status %1, wsrep_ready %2): it lost quorum or is cut off, and refuses to read or write the lock table until it rejoins.</source>
        <translation>这个节点不在集群的主组件中（wsrep_cluster_status %1，wsrep_ready %2）：它失去了法定人数或已被隔离，在重新加入之前拒绝读写锁表。</translation>
    </message>
    <message>
        <source>This node is %1, not Synced: it may not have applied the cluster&apos;s latest writes, and it can stall or refuse statements until it is Synced again.</source>
        <translation>这个节点处于 %1，而不是 Synced：它可能还没有应用集群最新的写入，在重新变为 Synced 之前可能停顿或拒绝语句。</translation>
    </message>
    <message>
        <source>wsrep_sync_wait is %1 on this session: its reads do not wait for this node to apply the cluster&apos;s latest writes, so a lock can look free, or held by its previous holder, for a moment after it changed on another node.</source>
        <translation>这个会话的 wsrep_sync_wait 为 %1：它的读取不等待本节点应用集群最新的写入，因此锁在另一个节点上改变后，短时间内可能看起来是空闲的，或仍由之前的持有者持有。</translation>
    </message>
    <message>
        <source>Which primary this standby follows needs the pg_read_all_stats role (or pg_monitor).</source>
        <translation>要看到这个备库跟随哪个主库，需要 pg_read_all_stats 角色（或 pg_monitor）。</translation>
    </message>
    <message>
        <source>%1 takes no writes now (a standby, or a cluster node that lost its quorum) while %2; nothing was changed. Connect to the primary, or to a node of the cluster&apos;s primary component; the connection is reopened on the next attempt: %3</source>
        <translation>在%2时，%1 暂不接受写入（它是备库，或是失去法定多数的集群节点）；没有任何改动。请连接主库，或集群主组件中的节点；下次尝试时会重新打开连接：%3</translation>
    </message>
    <message>
        <source>no connected standby is synchronous (standbys connected: %1)</source>
        <translation>已连接的备库中没有同步的（已连接备库：%1）</translation>
    </message>
    <message>
        <source>The Galera cluster is smaller than 3 nodes (wsrep_cluster_size %1): one failure leaves no majority, and the nodes left stop taking writes.</source>
        <translation>这个 Galera 集群少于 3 个节点（wsrep_cluster_size %1）：一次故障就会失去多数，剩下的节点不再接受写入。</translation>
    </message>
    <message>
        <source>The standbys&apos; state, sync state and lag need the pg_monitor role (or superuser); standbys connected: %1, their details not shown.</source>
        <translation>备库的状态、同步状态和延迟需要 pg_monitor 角色（或超级用户）才能读取；已连接备库：%1，详情未显示。</translation>
    </message>
    <message>
        <source>line %1, column %2</source>
        <translation>第 %1 行第 %2 列</translation>
    </message>
    <message>
        <source>unknown key &quot;%1&quot; (the keys are %2).</source>
        <translation>未知的键“%1”（可用的键为 %2）。</translation>
    </message>
    <message>
        <source>&quot;name&quot; is missing or not text.</source>
        <translation>缺少“name”，或它不是文本。</translation>
    </message>
    <message>
        <source>&quot;lease&quot; is missing.</source>
        <translation>缺少“lease”。</translation>
    </message>
    <message>
        <source>&quot;description&quot; is not text.</source>
        <translation>“description”不是文本。</translation>
    </message>
    <message>
        <source>&quot;retries&quot; is not a whole number from 0 to 1000000.</source>
        <translation>“retries”不是 0 到 1000000 之间的整数。</translation>
    </message>
    <message>
        <source>%1 is not valid JSON: %2 at %3.</source>
        <translation>%1 不是有效的 JSON：%3处%2。</translation>
    </message>
    <message>
        <source>%1: expected an object with a &quot;locks&quot; array: {&quot;locks&quot;: [{&quot;name&quot;: ..., &quot;lease&quot;: ...}]}.</source>
        <translation>%1：应为含有“locks”数组的对象：{&quot;locks&quot;: [{&quot;name&quot;: ..., &quot;lease&quot;: ...}]}。</translation>
    </message>
    <message>
        <source>%1: unknown key &quot;%2&quot; (only &quot;locks&quot;).</source>
        <translation>%1：未知的键“%2”（只能有“locks”）。</translation>
    </message>
    <message>
        <source>%1, lock %2</source>
        <translation>%1，第 %2 个锁</translation>
    </message>
    <message>
        <source>%1: not an object.</source>
        <translation>%1：不是对象。</translation>
    </message>
    <message>
        <source>The lock definition &quot;%1&quot;: %2</source>
        <translation>锁定义“%1”：%2</translation>
    </message>
    <message>
        <source>the description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>the wait is negative.</source>
        <translation>等待时间为负数。</translation>
    </message>
    <message>
        <source>the retry interval is negative.</source>
        <translation>重试间隔为负数。</translation>
    </message>
    <message>
        <source>the number of retries is negative.</source>
        <translation>重试次数为负数。</translation>
    </message>
    <message>
        <source>Cannot read the lock definitions file %1: %2</source>
        <translation>无法读取锁定义文件 %1：%2</translation>
    </message>
    <message>
        <source>%1, lock %2: %3</source>
        <translation>%1，第 %2 个锁：%3</translation>
    </message>
    <message>
        <source>The lock &quot;%1&quot; is defined twice.</source>
        <translation>锁“%1”被定义了两次。</translation>
    </message>
    <message>
        <source>No lock named &quot;%1&quot; is defined.</source>
        <translation>没有定义名为“%1”的锁。</translation>
    </message>
    <message>
        <source>No lock named &quot;%1&quot; is defined in %2.</source>
        <translation>%2 中没有定义名为“%1”的锁。</translation>
    </message>
    <message>
        <source>A lock guard needs at least one lock.</source>
        <translation>锁守卫至少需要一个锁。</translation>
    </message>
    <message>
        <source>The lock &quot;%1&quot; is asked for twice.</source>
        <translation>锁“%1”被请求了两次。</translation>
    </message>
    <message>
        <source>A lock guard cannot be released from its own onLost callback.</source>
        <translation>不能在锁守卫自己的 onLost 回调中释放它。</translation>
    </message>
    <message>
        <source>Done under fence %1.</source>
        <translation>已在栅栏令牌 %1 下完成。</translation>
    </message>
    <message>
        <source>Done under fence %1, but the release failed: %2</source>
        <translation>已在栅栏令牌 %1 下完成，但释放失败：%2</translation>
    </message>
    <message>
        <source>Not run: &quot;%1&quot; is held by %2 (fence %3).</source>
        <translation>未运行：“%1”由 %2 持有（栅栏令牌 %3）。</translation>
    </message>
    <message>
        <source>Not run: %1</source>
        <translation>未运行：%1</translation>
    </message>
    <message>
        <source>Ran, but the lease of &quot;%1&quot; (fence %2) was lost meanwhile: it is now held by &quot;%3&quot; with fence %4.</source>
        <translation>已运行，但期间“%1”的租约（栅栏令牌 %2）已丢失：它现在由“%3”持有，栅栏令牌为 %4。</translation>
    </message>
    <message>
        <source>Ran, but the lease of &quot;%1&quot; (fence %2) ran out before a renewal reached the database: %3</source>
        <translation>已运行，但在续期到达数据库之前，“%1”的租约（栅栏令牌 %2）已到期：%3</translation>
    </message>
    <message>
        <source>counting the lock table&apos;s events</source>
        <translation>统计锁表的事件</translation>
    </message>
    <message>
        <source>The number of locks to report cannot be negative.</source>
        <translation>要逐个报告的锁的数量不能为负数。</translation>
    </message>
    <message>
        <source>An include pattern cannot be empty.</source>
        <translation>包含模式（--include）不能为空。</translation>
    </message>
    <message>
        <source>Not run: the lease of &quot;%1&quot; (fence %2) was lost before the run could start.</source>
        <translation>未运行：“%1”的租约（栅栏令牌 %2）在运行开始前已丢失。</translation>
    </message>
    <message>
        <source>Not run: a lease ended before the run could start (fence %1).</source>
        <translation>未运行：运行开始前有租约已结束（栅栏令牌 %1）。</translation>
    </message>
    <message>
        <source>No answer from %1 within %2 ms while %3: the statement was abandoned and the connection closed; the outcome is unknown. It will be reopened on the next attempt.</source>
        <translation>%3时 %1 在 %2 毫秒内没有应答：该语句已被放弃，连接已关闭；结果未知。下次尝试时会重新打开连接。</translation>
    </message>
    <message>
        <source>No renewal of &quot;%1&quot; was confirmed before its lease ended on this machine&apos;s clock (the process was paused, or the database did not answer in time).</source>
        <translation>按本机时钟，“%1”的租约结束前没有续约被确认（进程曾被暂停，或数据库未及时应答）。</translation>
    </message>
    <message>
        <source>ssl-mode=disabled turns TLS off, and %1 asks for it: leave one of them out.</source>
        <translation>ssl-mode=disabled 关闭 TLS，而 %1 要求使用 TLS：请去掉其中之一。</translation>
    </message>
    <message>
        <source>the password must be percent-encoded: it seems to hold a &apos;/&apos;, &apos;?&apos; or &apos;#&apos;, which ends the user name and password before their &apos;@&apos; (write %2F for &apos;/&apos;, %3F for &apos;?&apos;, %23 for &apos;#&apos;, %40 for &apos;@&apos;; an &apos;@&apos; in a database name is %40 too).</source>
        <translation>密码必须百分号编码：它似乎含有“/”、“?”或“#”，这会使用户名和密码在其“@”之前就结束（“/”写作 %2F，“?”写作 %3F，“#”写作 %23，“@”写作 %40；数据库名称中的“@”也写作 %40）。</translation>
    </message>
    <message>
        <source>the CA certificate %1</source>
        <translation>CA 证书 %1</translation>
    </message>
    <message>
        <source>the CA certificates in %1</source>
        <translation>%1 中的 CA 证书</translation>
    </message>
    <message>
        <source>the system&apos;s CA certificates</source>
        <translation>系统的 CA 证书</translation>
    </message>
    <message>
        <source>The server at %1 does not offer TLS, and %2 asks for it: the connection was closed. Turn TLS on in the server (have_ssl), or connect without it only on a network you trust.</source>
        <translation>%1 的服务器不提供 TLS，而 %2 要求使用 TLS：连接已关闭。请在服务器上启用 TLS（have_ssl），或仅在可信的网络中不用 TLS 连接。</translation>
    </message>
    <message>
        <source>The connection to %1 is not encrypted although the server offers TLS, and %2 asks for it: the connection was closed.</source>
        <translation>服务器提供 TLS，但到 %1 的连接未加密，而 %2 要求加密：连接已关闭。</translation>
    </message>
    <message>
        <source>The certificate of the server at %1 could not be verified with %2 (%3), and %4 asks for it: the connection was closed.</source>
        <translation>无法用%2验证 %1 的服务器证书（%3），而 %4 要求验证：连接已关闭。</translation>
    </message>
    <message>
        <source>The certificate of the server at %1 is for %2, not for the host &quot;%3&quot;, and %4 asks for that: the connection was closed. Connect with a host name the certificate names.</source>
        <translation>%1 的服务器证书是签发给 %2 的，不是签发给主机“%3”的，而 %4 要求二者一致：连接已关闭。请使用证书中列出的主机名连接。</translation>
    </message>
    <message>
        <source>Lockscope cannot verify the certificate of the server at %1 here (%2), and %3 asks for it: the connection was closed.</source>
        <translation>Lockscope 在此无法验证 %1 的服务器证书（%2），而 %3 要求验证：连接已关闭。</translation>
    </message>
    <message>
        <source>The server at %1 says the connection is not encrypted, and %2 asks for TLS: the connection was closed.</source>
        <translation>%1 的服务器报告连接未加密，而 %2 要求使用 TLS：连接已关闭。</translation>
    </message>
    <message>
        <source>The TLS handshake with the server at %1 failed (%2), and %3 asks for a certificate verified with %4: no connection was made.</source>
        <translation>与 %1 的服务器的 TLS 握手失败（%2），而 %3 要求证书能用%4验证：未建立连接。</translation>
    </message>
    <message>
        <source>The TLS handshake with the server at %1 failed (%2), and %3 asks for TLS: no connection was made.</source>
        <translation>与 %1 的服务器的 TLS 握手失败（%2），而 %3 要求使用 TLS：未建立连接。</translation>
    </message>
    <message>
        <source>(an address of %1 bytes)</source>
        <translation>（%1 字节的地址）</translation>
    </message>
    <message>
        <source>the server sent no certificate</source>
        <translation>服务器没有发送证书</translation>
    </message>
    <message>
        <source>Qt&apos;s MySQL driver does not run on MariaDB Connector/C here</source>
        <translation>此处 Qt 的 MySQL 驱动不是基于 MariaDB Connector/C 运行的</translation>
    </message>
    <message>
        <source>MariaDB Connector/C does not use the OpenSSL Lockscope was built with</source>
        <translation>MariaDB Connector/C 使用的不是构建 Lockscope 时所用的 OpenSSL</translation>
    </message>
    <message>
        <source>This database user</source>
        <translation>此数据库用户</translation>
    </message>
    <message>
        <source>User &quot;%1&quot;</source>
        <translation>用户“%1”</translation>
    </message>
    <message>
        <source>%1 lacks a privilege on %2 for this (while %3); nothing was changed: %4. Reading locks needs SELECT on the lock table and its event table; changing them also needs INSERT, UPDATE and DELETE on the lock table and INSERT on the event table.</source>
        <translation>在%3时，%1 在 %2 上缺少所需的权限；没有任何改动：%4。读取锁需要锁表及其事件表的 SELECT 权限；更改锁还需要锁表的 INSERT、UPDATE 和 DELETE 权限以及事件表的 INSERT 权限。</translation>
    </message>
    <message>
        <source>%1 may only read on %2: its sessions are read-only (default_transaction_read_only is on for the user, its database or the server), so it lacks the privilege to change locks (while %3); nothing was changed: %4. Connect as a user that may write: INSERT, UPDATE and DELETE on the lock table and INSERT on its event table.</source>
        <translation>%1 在 %2 上只能读取：它的会话是只读的（该用户、其数据库或服务器开启了 default_transaction_read_only），因此缺少更改锁的权限（在%3时）；没有任何改动：%4。请以可以写入的用户连接：需要锁表的 INSERT、UPDATE 和 DELETE 权限以及其事件表的 INSERT 权限。</translation>
    </message>
    <message>
        <source>The %1 contains U+FFFD, the replacement character, at position %2: it stands for bytes that were not valid UTF-8, so names whose bytes differ there would be one lock. Give it as valid UTF-8 text.</source>
        <translation>%1在第 %2 个字符处包含 U+FFFD（替换字符）：它代表不是有效 UTF-8 的字节，因此在此处字节不同的名称会成为同一个锁。请以有效的 UTF-8 文本给出。</translation>
    </message>
    <message>
        <source>The %1 contains U+FEFF, an invisible byte order mark, at position %2: it would look the same without it and be another. Remove it.</source>
        <translation>%1在第 %2 个字符处包含 U+FEFF（不可见的字节顺序标记）：去掉它后看起来相同，却是另一个。请删除它。</translation>
    </message>
    <message>
        <source>The %1 contains the invisible character %2 (a format or separator character) at position %3: it would look the same without it and be another. Remove it.</source>
        <translation>%1在第 %3 个字符处包含不可见字符 %2（格式字符或分隔符）：去掉它后看起来相同，却是另一个。请删除它。</translation>
    </message>
    <message>
        <source>this build of Lockscope has no MariaDB Connector/C or no OpenSSL</source>
        <translation>此版本的 Lockscope 未带 MariaDB Connector/C 或 OpenSSL</translation>
    </message>
    <message>
        <source>claiming fence %1 of &quot;%2&quot; in %3</source>
        <translation>在 %3 中认领“%2”的栅栏令牌 %1</translation>
    </message>
    <message>
        <source>The fence table %1 already has a fence above %2 for &quot;%3&quot;, so this grant was given back: another lock, or a writer of its own, uses the same resource row. Give each lock its own row.</source>
        <translation>栅栏表 %1 中“%3”已有高于 %2 的栅栏令牌，因此本次授予已退还：另一个锁或其自身的写入方在使用同一资源行。请为每个锁分配独立的行。</translation>
    </message>
    <message>
        <source>recording the %1 event of &quot;%2&quot;</source>
        <translation>记录“%2”的 %1 事件</translation>
    </message>
    <message>
        <source>SQLite has no database sessions: a holder is a process that opens the file.</source>
        <translation>SQLite 没有数据库会话：持有者就是打开该文件的进程。</translation>
    </message>
    <message>
        <source>looking for the holder&apos;s database session</source>
        <translation>查找持有者的数据库会话</translation>
    </message>
    <message>
        <source>No session of process %1 on %2 is connected to the database: it has ended (lockctl acquire ends once it holds the lock, which stays held until its lease ends), or it names its sessions itself (application_name).</source>
        <translation>%2 上的进程 %1 没有连接到数据库的会话：它已结束（lockctl acquire 拿到锁后即退出，锁会一直持有到租约结束），或者它自行命名会话（application_name）。</translation>
    </message>
    <message>
        <source>This database keeps no name of a session that another session can read, so the holder&apos;s session cannot be told.</source>
        <translation>此数据库不保存其他会话可读取的会话名称，因此无法判断持有者的会话。</translation>
    </message>
    <message>
        <source>The holder &quot;%1&quot; was not made by lockcore or lockctl: which process it is, and so its session, cannot be told.</source>
        <translation>持有者“%1”不是由 lockcore 或 lockctl 创建的：无法判断它是哪个进程，因而也无法判断它的会话。</translation>
    </message>
    <message>
        <source>A lock client cannot be called from its own onLost callback.</source>
        <translation>不能在锁客户端自己的 onLost 回调中调用它。</translation>
    </message>
    <message>
        <source>The connection to the database was lost while waiting for &quot;%1&quot;; the client reconnects on its next call.</source>
        <translation>等待“%1”时与数据库的连接已断开；客户端将在下次调用时重新连接。</translation>
    </message>
    <message>
        <source>PostgreSQL looked for &quot;%1&quot; exactly as given: Lockscope quotes table names, while PostgreSQL folds unquoted names to lower case, so &quot;%1&quot; and %2 are different tables.</source>
        <translation>PostgreSQL 按原样查找了“%1”：Lockscope 会给表名加引号，而 PostgreSQL 会把未加引号的名称转为小写，因此“%1”和 %2 是两张不同的表。</translation>
    </message>
    <message>
        <source>There is no table %1 either.</source>
        <translation>表 %1 也不存在。</translation>
    </message>
    <message>
        <source>No session of process %1 on %2 is connected to the database: it has ended (lockctl acquire ends once it holds the lock, which stays held until its lease ends), or it is not lockcore&apos;s (each lockcore connection holds a user lock named after its process), or this user may not see other users&apos; connections (that needs the PROCESS privilege).</source>
        <translation>%2 上的进程 %1 没有连接到数据库的会话：它已结束（lockctl acquire 拿到锁后即退出，锁会一直持有到租约结束），或者它不是 lockcore 的会话（lockcore 的每个连接都持有一个以其进程命名的用户锁），或者当前用户无权查看其他用户的连接（这需要 PROCESS 权限）。</translation>
    </message>
    <message>
        <source>A table %1 exists: give the table as %1.</source>
        <translation>存在表 %1：请将表名指定为 %1。</translation>
    </message>
    <message>
        <source>Whether a table %1 exists could not be asked of the server.</source>
        <translation>无法向服务器查询表 %1 是否存在。</translation>
    </message>
    <message>
        <source>Interrupted while connecting to %1: the connection was abandoned and nothing was done.</source>
        <translation>连接 %1 时被中断：已放弃该连接，未做任何操作。</translation>
    </message>
    <message>
        <source>No answer from %1 within %2 s while connecting (after the login): the connection was abandoned and nothing was done.</source>
        <translation>连接时（登录之后）%1 在 %2 秒内没有应答：已放弃该连接，未做任何操作。</translation>
    </message>
    <message>
        <source>No answer from %1 within %2 s while connecting: the connection was abandoned and nothing was done.</source>
        <translation>连接时 %1 在 %2 秒内没有应答：已放弃该连接，未做任何操作。</translation>
    </message>
    <message>
        <source>Interrupted while %1 on %2: the statement was abandoned and the connection closed; the outcome is unknown.</source>
        <translation>在 %2 上%1时被中断：该语句已被放弃，连接已关闭；结果未知。</translation>
    </message>
    <message>
        <source>Not done: the statement waited for a lock another session holds while %1, and the server ended it after %2 s. Nothing was changed; it can be tried again once that session lets go.</source>
        <translation>未完成：%1时，该语句在等待另一个会话持有的锁，服务器在 %2 秒后结束了它。没有做任何更改；待该会话释放锁后可以重试。</translation>
    </message>
    <message>
        <source>Not done: the server ended the statement after %2 s while %1 (its statement timeout, or a cancel). Nothing was changed; it can be tried again.</source>
        <translation>未完成：%1时，服务器在 %2 秒后结束了该语句（因其语句超时，或被取消）。没有做任何更改；可以重试。</translation>
    </message>
    <message>
        <source>reading who blocks whom</source>
        <translation>读取谁阻塞了谁</translation>
    </message>
    <message>
        <source>cancelling the statement of %1</source>
        <translation>取消%1的语句</translation>
    </message>
    <message>
        <source>%1 is this connection of Lockscope&apos;s own: refused.</source>
        <translation>%1 是 Lockscope 自己正在使用的这个连接：已拒绝。</translation>
    </message>
    <message>
        <source>%1 is a connection of Lockscope&apos;s own (lockctl or the window): refused. Allow it explicitly to end it.</source>
        <translation>%1 是 Lockscope 自己的连接（lockctl 或窗口）：已拒绝。如需结束它，请明确允许。</translation>
    </message>
    <message>
        <source>%1 runs no statement (%2): cancelling would do nothing. Terminate the session to end its transaction.</source>
        <translation>%1 没有在执行语句（%2）：取消不会起任何作用。要结束其事务，请终止该会话。</translation>
    </message>
    <message>
        <source>checking %1</source>
        <translation>检查%1</translation>
    </message>
    <message>
        <source>%1 ended by itself just now; nothing was done.</source>
        <translation>%1 刚刚已自行结束；未做任何操作。</translation>
    </message>
    <message>
        <source>%1 changed while checking.</source>
        <translation>%1 在检查期间已变化。</translation>
    </message>
    <message>
        <source>Nothing was done.</source>
        <translation>未做任何操作。</translation>
    </message>
    <message>
        <source>The statement of %1 was cancelled.</source>
        <translation>%1 的语句已被取消。</translation>
    </message>
    <message>
        <source>%1 could not be signalled.</source>
        <translation>无法向 %1 发送信号。</translation>
    </message>
    <message>
        <source>The database refused %1: %2 %3</source>
        <translation>数据库拒绝%1：%2 %3</translation>
    </message>
    <message>
        <source>looking for session %1</source>
        <translation>查找会话 %1</translation>
    </message>
    <message>
        <source>Session %1</source>
        <translation>会话 %1</translation>
    </message>
    <message>
        <source>%1&apos;s transaction (started at %2) has ended; the session is %3 now.</source>
        <translation>%1 的事务（开始于 %2）已结束；该会话现在的状态为 %3。</translation>
    </message>
    <message>
        <source>idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>%1 has begun a transaction (at %2) since you looked.</source>
        <translation>在您查看之后，%1 已开始了一个事务（开始于 %2）。</translation>
    </message>
    <message>
        <source>%1 is in another transaction now (started at %2), not the one you saw (started at %3).</source>
        <translation>%1 现在处于另一个事务中（开始于 %2），而不是您看到的那个（开始于 %3）。</translation>
    </message>
    <message>
        <source>%1 has run another statement since you looked (its transaction may have ended and another begun): look again.</source>
        <translation>在您查看之后，%1 已执行了另一条语句（其事务可能已结束，并开始了另一个事务）：请重新查看。</translation>
    </message>
    <message>
        <source>Sessions wait for a table&apos;s metadata lock, but who holds it cannot be read here: they are listed with their blocker unknown. The metadata_lock_info plugin (MariaDB: INSTALL SONAME &apos;metadata_lock_info&apos;) names it.</source>
        <translation>有会话在等待某个表的元数据锁，但此处无法读取谁持有该锁：这些会话以“阻塞者未知”列出。metadata_lock_info 插件（MariaDB：INSTALL SONAME &apos;metadata_lock_info&apos;）可以给出持有者。</translation>
    </message>
    <message>
        <source>Row lock waits cannot be read: information_schema.INNODB_TRX needs the PROCESS privilege (which also shows other users&apos; connections).</source>
        <translation>无法读取行锁等待：information_schema.INNODB_TRX 需要 PROCESS 权限（该权限也能看到其他用户的连接）。</translation>
    </message>
    <message>
        <source>Reading who blocks whom needs SELECT on v$session, v$lock, v$sql and v$transaction.</source>
        <translation>读取谁阻塞了谁需要 v$session、v$lock、v$sql 和 v$transaction 的 SELECT 权限。</translation>
    </message>
    <message>
        <source>The state, transaction and statement of other users&apos; sessions are hidden from this role: seeing them needs pg_read_all_stats (or pg_monitor).</source>
        <translation>此角色看不到其他用户会话的状态、事务和语句：要查看它们，需要 pg_read_all_stats 角色（或 pg_monitor）。</translation>
    </message>
    <message>
        <source>recording the %1</source>
        <translation>记录 %1 事件</translation>
    </message>
    <message>
        <source>looking up who locks the lock&apos;s row</source>
        <translation>查找谁锁定了该锁所在的行</translation>
    </message>
    <message>
        <source>Several sessions share the row&apos;s lock.</source>
        <translation>多个会话共享该行的锁。</translation>
    </message>
    <message>
        <source>looking whether the lock&apos;s row is locked</source>
        <translation>查看该锁所在的行是否被锁定</translation>
    </message>
    <message>
        <source>Who holds row locks needs the PROCESS privilege (information_schema.INNODB_TRX): %1</source>
        <translation>查看谁持有行锁需要 PROCESS 权限（information_schema.INNODB_TRX）：%1</translation>
    </message>
    <message>
        <source>This server cannot tell whether the row is locked without waiting for it (a locking read that skips locked rows: MariaDB 10.6, MySQL 8).</source>
        <translation>此服务器无法在不等待的情况下判断该行是否被锁定（这需要跳过已锁定行的加锁读取：MariaDB 10.6、MySQL 8）。</translation>
    </message>
    <message>
        <source>InnoDB does not say which transaction holds a row lock that nobody waits for: these transactions hold row locks.</source>
        <translation>对于没有人等待的行锁，InnoDB 不会说明由哪个事务持有：这些事务持有行锁。</translation>
    </message>
    <message>
        <source>session %1</source>
        <translation>会话 %1</translation>
    </message>
    <message>
        <source>, %1 for %2</source>
        <translation>，%1 已持续 %2</translation>
    </message>
    <message>
        <source>application %1</source>
        <translation>应用 %1</translation>
    </message>
    <message>
        <source>user %1</source>
        <translation>用户 %1</translation>
    </message>
    <message>
        <source>from %1</source>
        <translation>来自 %1</translation>
    </message>
    <message>
        <source>Who locks a row is not looked up on Oracle.</source>
        <translation>在 Oracle 上不查找谁锁定了行。</translation>
    </message>
    <message>
        <source>row locked by another session</source>
        <translation>该行被另一个会话锁定</translation>
    </message>
    <message>
        <source>row locked by %1</source>
        <translation>该行被 %1 锁定</translation>
    </message>
    <message>
        <source>row locked; transactions holding row locks: %1</source>
        <translation>该行已被锁定；持有行锁的事务：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n more</source>
        <translation>
            <numerusform>另有 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>a row lock another session holds</source>
        <translation>另一个会话持有的行锁</translation>
    </message>
    <message>
        <source>a row lock held by %1</source>
        <translation>%1 持有的行锁</translation>
    </message>
    <message>
        <source>a row lock (transactions holding row locks: %1)</source>
        <translation>一个行锁（持有行锁的事务：%1）</translation>
    </message>
    <message>
        <source>Not done: the statement waited for %1, and the server ended it after %2 s. Nothing was changed; it can be tried again once that session commits or rolls back.</source>
        <translation>未完成：该语句在等待%1，服务器在 %2 秒后结束了它。没有做任何更改；待该会话提交或回滚后可以重试。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a duration such as &quot;30s&quot;.</source>
        <translation>&quot;%1&quot; 不是 &quot;30s&quot; 这样的时长。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; needs a unit: 5s, 500ms, 2m, 1h (a number alone is not read as milliseconds or seconds).</source>
        <translation>&quot;%1&quot; 需要单位：5s、500ms、2m、1h（单独的数字既不按毫秒也不按秒读）。</translation>
    </message>
    <message>
        <source>%1 needs a unit: 5s, 500ms, 2m, 1h (a number alone, &quot;%2&quot;, is not read as milliseconds or seconds).</source>
        <translation>%1 需要单位：5s、500ms、2m、1h（单独的数字 &quot;%2&quot; 既不按毫秒也不按秒读）。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a duration: give each unit once, from the largest down, such as 1h30m or 1m30s.</source>
        <translation>&quot;%1&quot; 不是时长：每个单位只写一次，从大到小，例如 1h30m 或 1m30s。</translation>
    </message>
    <message>
        <source>The database URL is not valid: %1</source>
        <translation>数据库 URL 无效：%1</translation>
    </message>
    <message>
        <source>the option &quot;%1&quot; takes from 1s to 1h, not &quot;%2&quot;.</source>
        <translation>选项 &quot;%1&quot; 取 1s 到 1h，而不是 &quot;%2&quot;。</translation>
    </message>
    <message>
        <source>the URL gives the TLS mode twice: %1 and %2; give it once.</source>
        <translation>URL 两次给出 TLS 模式：%1 和 %2；只给一次。</translation>
    </message>
    <message>
        <source>the URL gives the TLS option %1 twice: %2 and %3; give it once.</source>
        <translation>URL 两次给出 TLS 选项 %1：%2 和 %3；只给一次。</translation>
    </message>
    <message>
        <source>%1 asks for the server&apos;s certificate to be verified, and %2 does not verify it: give %3=%4, or leave %3 out.</source>
        <translation>%1 要求验证服务器的证书，而 %2 不验证它：请给出 %3=%4，或者不写 %3。</translation>
    </message>
    <message>
        <source>Row lock waits are not shown: MySQL keeps them in performance_schema.data_lock_waits, and performance_schema is off.</source>
        <translation>未显示行锁等待：MySQL 把它们记在 performance_schema.data_lock_waits 中，而 performance_schema 已关闭。</translation>
    </message>
    <message>
        <source>U+%1 at position %2</source>
        <translation>位置 %2 的 U+%1</translation>
    </message>
    <message>
        <source>The holder id is not in composed Unicode form (NFC); write &quot;%1&quot; (%2) instead, so that one id means one holder.</source>
        <translation>持有者 ID 不是 Unicode 组合形式（NFC）；请改写为 &quot;%1&quot;（%2），使一个 ID 只代表一个持有者。</translation>
    </message>
    <message>
        <source>The lock name is not in composed Unicode form (NFC); write &quot;%1&quot; (%2) instead, so that one name means one lock.</source>
        <translation>锁名不是 Unicode 组合形式（NFC）；请改写为 &quot;%1&quot;（%2），使一个名称只代表一把锁。</translation>
    </message>
    <message>
        <source>The audit limit must be between 1 and %1; got %2.</source>
        <translation>审计条数上限必须在 1 到 %1 之间；实际为 %2。</translation>
    </message>
    <message>
        <source>Unknown admin action &quot;%1&quot;; use one of: %2.</source>
        <translation>未知的管理操作“%1”；请使用以下之一：%2。</translation>
    </message>
    <message>
        <source>The actor to look for is longer than %1 characters.</source>
        <translation>要查找的操作者超过 %1 个字符。</translation>
    </message>
    <message>
        <source>The lock pattern is longer than %1 characters.</source>
        <translation>锁名模式超过 %1 个字符。</translation>
    </message>
    <message>
        <source>A time span back from now cannot be negative.</source>
        <translation>从现在往回的时长不能为负数。</translation>
    </message>
    <message>
        <source>reading the admin actions</source>
        <translation>读取管理操作</translation>
    </message>
    <message>
        <source>In one transaction; the event and what follows only if the lock was still at fence %1.</source>
        <translation>在同一事务中；仅当锁仍处于栅栏令牌 %1 时，才写入事件及后续语句。</translation>
    </message>
    <message>
        <source>In one transaction, after reading the lock: only if it is still at fence %1 and not held.</source>
        <translation>在同一事务中，先读取锁：仅当它仍处于栅栏令牌 %1 且未被持有时执行。</translation>
    </message>
    <message>
        <source>In one transaction: a deleted lock of this name comes back (keeping its fence), otherwise a new row; then the event.</source>
        <translation>在同一事务中：同名的已删除锁会恢复（保留其栅栏令牌），否则新建一行；然后写入事件。</translation>
    </message>
    <message>
        <source>%1&apos;s own release, only while the lock is as you saw it.</source>
        <translation>%1 自身的释放方式，仅当锁仍与您看到的一致时执行。</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is neither a duration back from now (30m, 24h, 7d) nor a time (2026-12-07T10:00Z).</source>
        <translation>%1：“%2”既不是从现在往回的时长（30m、24h、7d），也不是时间（2026-12-07T10:00Z）。</translation>
    </message>
    <message>
        <source>the lease of &quot;%1&quot; ended at %2, %3 before this renewal; acquire again (a new fence).</source>
        <translation>“%1”的租约已于 %2 结束，比本次续期早 %3；请重新获取（新的栅栏令牌）。</translation>
    </message>
    <message>
        <source>Quartz recovers a failed instance itself; removing its row would skip recovering its fired triggers.</source>
        <translation>Quartz 会自行恢复失败的实例；删除其行会跳过对其已触发的触发器的恢复。</translation>
    </message>
    <message>
        <source>Quartz&apos;s lock is a database row lock: end the holding session (native locks) instead of writing the table.</source>
        <translation>Quartz 的锁是数据库行锁：请结束持有它的会话（数据库锁），而不是写入该表。</translation>
    </message>
    <message>
        <source>The profile&apos;s &quot;epoch&quot; must be &quot;s&quot; or &quot;ms&quot; (integer times in epoch seconds or milliseconds), or absent; got &quot;%1&quot;.</source>
        <translation>配置的“epoch”必须是“s”或“ms”（以纪元秒数或毫秒数表示的整数时间），或者不设置；实际为“%1”。</translation>
    </message>
    <message>
        <source>&quot;read_only&quot; is for built-in profiles only: a custom profile&apos;s table is written as the mapping says.</source>
        <translation>“read_only”只适用于内置配置：自定义配置的表按映射的规定写入。</translation>
    </message>
    <message>
        <source>one expiry only: a ttl column, an expiry column or a locked-at TTL</source>
        <translation>只有一种过期方式：TTL 列、过期时间列或获取时间加 TTL，三者只能取其一</translation>
    </message>
    <message>
        <source>a locked-at column (expiry from the ttl column)</source>
        <translation>一个获取时间列（由 TTL 列计算过期时间）</translation>
    </message>
    <message>
        <source>a grace of zero or more milliseconds</source>
        <translation>一个不小于零毫秒的宽限时间</translation>
    </message>
    <message>
        <source>a holder column (null_when_free)</source>
        <translation>一个持有者列（null_when_free）</translation>
    </message>
    <message>
        <source>&quot;time&quot;: &quot;utc&quot; with epoch times (an epoch count is UTC)</source>
        <translation>使用纪元时间时设置“time”: “utc”（纪元计数本身就是 UTC）</translation>
    </message>
    <message>
        <source>The profile %1 names its locks %2/%3 (two key columns): &quot;%4&quot; has no &quot;/&quot;.</source>
        <translation>配置 %1 以 %2/%3 命名其锁（两个键列）：“%4”中没有“/”。</translation>
    </message>
    <message>
        <source>an integer time needs &quot;epoch&quot;: &quot;s&quot; or &quot;ms&quot; in the mapping (seconds or milliseconds since 1970 UTC)</source>
        <translation>整数时间需要在映射中设置“epoch”: “s”或“ms”（自 1970 年起的 UTC 秒数或毫秒数）</translation>
    </message>
    <message>
        <source>map a timestamp or an integer (with &quot;epoch&quot;) column: times stored as text are read on SQLite only</source>
        <translation>请映射时间戳列或整数列（配合“epoch”）：以文本存储的时间只在 SQLite 上可读</translation>
    </message>
    <message>
        <source>remove &quot;epoch&quot; from the mapping: the column holds timestamps</source>
        <translation>请从映射中去掉“epoch”：该列存放的是时间戳</translation>
    </message>
    <message>
        <source>map a timestamp or an integer (with &quot;epoch&quot;) column</source>
        <translation>请映射时间戳列或整数列（配合“epoch”）</translation>
    </message>
    <message>
        <source>The time column %2 of %1 has the type %3, which the profile %4 cannot read as a time: %5.</source>
        <translation>%1 的时间列 %2 的类型为 %3，配置 %4 无法将其读作时间：%5。</translation>
    </message>
    <message>
        <source>The time columns %1 and %2 of %3 store times differently (a timestamp and an instant): the profile %4 needs both in one form.</source>
        <translation>%3 的时间列 %1 和 %2 存储时间的方式不同（一个是时间戳，一个是绝对时刻）：配置 %4 要求两者形式相同。</translation>
    </message>
    <message>
        <source>The ttl column %1 of %2 has the type %3: it must hold milliseconds as an integer.</source>
        <translation>%2 的 TTL 列 %1 的类型为 %3：它必须以整数存放毫秒数。</translation>
    </message>
    <message>
        <source>The profile knex has no initialize: knex inserts its own row when the table is empty, and a second row makes knex refuse to migrate for good.</source>
        <translation>配置 knex 没有初始化操作：表为空时 knex 会自行插入一行，而多出第二行会使 knex 永久拒绝执行迁移。</translation>
    </message>
    <message>
        <source>The profile %1 has no initialize: its application creates its rows itself.</source>
        <translation>配置 %1 没有初始化操作：其应用会自行创建这些行。</translation>
    </message>
    <message>
        <source>The profile %1 is read-only: %2</source>
        <translation>配置 %1 是只读的：%2</translation>
    </message>
    <message>
        <source>looking up who has rows of %1 locked</source>
        <translation>查找谁锁定了 %1 的行</translation>
    </message>
    <message>
        <source>looking up which rows of %1 are waited for</source>
        <translation>查找 %1 中哪些行正被等待</translation>
    </message>
    <message>
        <source>looking whether rows of %1 are locked</source>
        <translation>查看 %1 的行是否被锁定</translation>
    </message>
    <message>
        <source>a session that has the row locked (MariaDB names it only while another session waits for the row)</source>
        <translation>锁定该行的会话（仅当另有会话在等待该行时，MariaDB 才会给出它）</translation>
    </message>
    <message>
        <source>Quartz&apos;s lock is a row lock of the database: it is released when the session holding it ends.</source>
        <translation>Quartz 的锁是数据库的行锁：持有它的会话结束时即被释放。</translation>
    </message>
    <message>
        <source>No session has the row %1 locked now.</source>
        <translation>当前没有会话锁定行 %1。</translation>
    </message>
    <message>
        <source>The database does not name the session that has %1 locked while nobody waits for it; &quot;lockctl native-locks&quot; lists the sessions once one does.</source>
        <translation>在没有人等待时，数据库不会给出锁定 %1 的会话；一旦有人等待，“lockctl native-locks”就会列出这些会话。</translation>
    </message>
    <message>
        <source>%1 has %2 locked; to end it: lockctl terminate %3 --reason TEXT</source>
        <translation>%1 锁定了 %2；要结束它：lockctl terminate %3 --reason 原因</translation>
    </message>
    <message>
        <source>Could not write the local audit log %1: %2</source>
        <translation>无法写入本地审计日志 %1：%2</translation>
    </message>
    <message>
        <source>its folder could not be created.</source>
        <translation>无法创建其所在目录。</translation>
    </message>
    <message>
        <source>recording the %1 of &quot;%2&quot;</source>
        <translation>记录“%2”的 %1 操作</translation>
    </message>
    <message>
        <source>none given</source>
        <translation>未给出</translation>
    </message>
    <message>
        <source>Recorded: %1 of &quot;%2&quot; in the event table %3 as &quot;%4&quot; (reason: %5).</source>
        <translation>已记录：“%2”的 %1，记入事件表 %3，记为“%4”（原因：%5）。</translation>
    </message>
    <message>
        <source>Recorded: %1 of &quot;%2&quot; in the local audit log %3 (reason: %4).</source>
        <translation>已记录：“%2”的 %1，记入本地审计日志 %3（原因：%4）。</translation>
    </message>
    <message>
        <source>Not in the event table: %1</source>
        <translation>未记入事件表：%1</translation>
    </message>
    <message>
        <source>Not recorded: %1 of &quot;%2&quot; (%3) is in no event table and no log. %4</source>
        <translation>未记录：“%2”的 %1（%3）未记入任何事件表或日志。%4</translation>
    </message>
    <message>
        <source>The profile&apos;s &quot;name_like&quot; must be a LIKE pattern (%, _) of at most %1 characters, without backslashes or control characters.</source>
        <translation>配置的“name_like”必须是不超过 %1 个字符的 LIKE 模式（%、_），且不含反斜杠或控制字符。</translation>
    </message>
    <message>
        <source>Cannot read the mapping file %1: %2</source>
        <translation>无法读取映射文件 %1：%2</translation>
    </message>
    <message>
        <source>The mapping file %1 is too large to be a mapping.</source>
        <translation>映射文件 %1 太大，不可能是映射文件。</translation>
    </message>
    <message>
        <source>The mapping file %1 is not a JSON object: %2</source>
        <translation>映射文件 %1 不是 JSON 对象：%2</translation>
    </message>
    <message>
        <source>it holds no object</source>
        <translation>其中没有对象</translation>
    </message>
    <message>
        <source>There is no row &quot;%1&quot; in %2: the profile laravel-schedule takes only an existing, expired mutex; Lockscope does not write the serialized value Laravel keeps in its NOT NULL value column.</source>
        <translation>%2 中没有行“%1”：配置 laravel-schedule 只获取已存在且已过期的互斥锁；Lockscope 不会写入 Laravel 保存在其 NOT NULL 的 value 列中的序列化值。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a lock of the profile %2: it manages only the rows whose %3 is like %4 (the other rows are the application&apos;s data).</source>
        <translation>“%1”不是配置 %2 的锁：该配置只管理 %3 与 %4 匹配（LIKE）的行（其他行是应用的数据）。</translation>
    </message>
</context>
<context>
    <name>locksim</name>
    <message>
        <source>resetting the resource of %1</source>
        <translation>重置 %1 的资源</translation>
    </message>
    <message>
        <source>writing the resource of %1</source>
        <translation>写入 %1 的资源</translation>
    </message>
    <message>
        <source>re-entered a hold left after an unknown release outcome; released it</source>
        <translation>重入了一次释放结果未知后遗留的持有；已将其释放</translation>
    </message>
    <message>
        <source>contention simulator lock</source>
        <translation>争用模拟器使用的锁</translation>
    </message>
    <message>
        <source>reset before a simulation run</source>
        <translation>模拟运行前重置</translation>
    </message>
    <message>
        <source>+%1 s</source>
        <translation>+%1 秒</translation>
    </message>
    <message>
        <source>no end</source>
        <translation>永久</translation>
    </message>
    <message>
        <source>Lock %1: %2 (fence %3) acquired it at %4 while %5 (fence %6) held it from %7 until %8.</source>
        <translation>锁 %1：%2（栅栏令牌 %3）于 %4 获取了该锁，而 %5（栅栏令牌 %6）的持有期为 %7 至 %8。</translation>
    </message>
    <message>
        <source>Lock %1: %2 got fence %3 at %4, not above fence %5 of %6 granted at %7.</source>
        <translation>锁 %1：%2 于 %4 获得栅栏令牌 %3，并未大于 %7 授予 %6 的栅栏令牌 %5。</translation>
    </message>
    <message>
        <source>Lock %1: the resource accepted a write of %2 with fence %3 at %4 after it had accepted fence %5 from %6 at %7.</source>
        <translation>锁 %1：资源已于 %7 接受了 %6 的栅栏令牌 %5，之后又于 %4 接受了 %2 使用栅栏令牌 %3 的写入。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a duration distribution: write &quot;200ms&quot;, &quot;100ms-300ms&quot; or &quot;exp:200ms&quot;.</source>
        <translation>“%1”不是有效的时长分布：请写作“200ms”、“100ms-300ms”或“exp:200ms”。</translation>
    </message>
    <message>
        <source>The number of clients must be between 1 and 256, not %1.</source>
        <translation>客户端数必须在 1 到 256 之间；实际为 %1。</translation>
    </message>
    <message>
        <source>The number of locks must be between 1 and 64, not %1.</source>
        <translation>锁数必须在 1 到 64 之间；实际为 %1。</translation>
    </message>
    <message>
        <source>The duration distribution %1 is not valid.</source>
        <translation>时长分布 %1 无效。</translation>
    </message>
    <message>
        <source>The retry deadline and attempts cannot be negative.</source>
        <translation>重试时限和尝试次数不能为负数。</translation>
    </message>
    <message>
        <source>A simulation needs a duration or a number of acquisitions to stop at.</source>
        <translation>模拟需要指定运行时长，或达到后即停止的获取次数。</translation>
    </message>
    <message>
        <source>The crash and pause rates must be between 0 and 1, and their sum at most 1.</source>
        <translation>崩溃率和暂停率必须在 0 到 1 之间，且两者之和不超过 1。</translation>
    </message>
    <message>
        <source>The pause extra time and the clock skew cannot be negative.</source>
        <translation>暂停的额外时长和时钟偏差不能为负数。</translation>
    </message>
    <message>
        <source>locking &quot;%1&quot; (unsafe)</source>
        <translation>锁定“%1”（不安全方式）</translation>
    </message>
    <message>
        <source>Waiting for &quot;%1&quot; was cancelled.</source>
        <translation>对“%1”的等待已取消。</translation>
    </message>
    <message>
        <source>unlocking &quot;%1&quot; (unsafe)</source>
        <translation>解锁“%1”（不安全方式）</translation>
    </message>
    <message>
        <source>resetting &quot;%1&quot; (unsafe)</source>
        <translation>重置“%1”（不安全方式）</translation>
    </message>
    <message>
        <source>running a simulated client</source>
        <translation>运行模拟客户端</translation>
    </message>
    <message>
        <source>running the contention simulator</source>
        <translation>运行争用模拟器</translation>
    </message>
    <message>
        <source>1 hold</source>
        <translation>1 次持有</translation>
    </message>
    <message>
        <source>%1 holds</source>
        <translation>%1 次持有</translation>
    </message>
    <message>
        <source>1 client</source>
        <translation>1 个客户端</translation>
    </message>
    <message>
        <source>%1 clients</source>
        <translation>%1 个客户端</translation>
    </message>
    <message>
        <source>Stuck for ever, held by a crashed holder without expiry: %1.</source>
        <translation>被已崩溃且没有过期时间的持有者永久占用：%1。</translation>
    </message>
    <message>
        <source>client %1 (failed acquires: %2, tries: %3)</source>
        <translation>客户端 %1（获取失败 %2 次，尝试 %3 次）</translation>
    </message>
    <message>
        <source>Never got a lock in the whole run: %1.</source>
        <translation>整个运行期间从未获得锁：%1。</translation>
    </message>
    <message>
        <source>Loaded settings under which this design fails: a short lease, and clocks further apart than the lease outlasts a hold.</source>
        <translation>已载入能让此设计出错的设置：租约很短，而各客户端时钟之间的偏差大于租约比一次持有多出的时间。</translation>
    </message>
    <message>
        <source>Loaded settings under which this design fails: holders crash, and without expiry their locks stay held for ever.</source>
        <translation>已载入能让此设计出错的设置：持有者会崩溃，而由于没有过期机制，它们的锁会被永久占用。</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>No violation observed in %1 (%2, %3).</source>
        <translation>在 %1 中未观察到违规（%2，%3）。</translation>
    </message>
    <message>
        <source>1 violation observed in %1 (%2, %3).</source>
        <translation>在 %1 中观察到 1 处违规（%2，%3）。</translation>
    </message>
    <message>
        <source>%1 violations observed in %2 (%3, %4).</source>
        <translation>在 %2 中观察到 %1 处违规（%3，%4）。</translation>
    </message>
    <message>
        <source>The for-update protocol needs SELECT ... FOR UPDATE, which SQLite does not have (its only lock is the whole database&apos;s): run it on PostgreSQL or MySQL/MariaDB.</source>
        <translation>for-update 协议需要 SELECT ... FOR UPDATE，而 SQLite 没有（它唯一的锁是整个数据库的锁）：请在 PostgreSQL 或 MySQL/MariaDB 上运行。</translation>
    </message>
    <message>
        <source>starting a for-update transaction</source>
        <translation>开始 for-update 事务</translation>
    </message>
    <message>
        <source>locking &quot;%1&quot; with SELECT ... FOR UPDATE</source>
        <translation>用 SELECT ... FOR UPDATE 锁定“%1”</translation>
    </message>
    <message>
        <source>The row of &quot;%1&quot; is missing in %2: a FOR UPDATE without a row locks nothing. Prepare the run again.</source>
        <translation>%2 中缺少“%1”的行：没有行的 FOR UPDATE 什么也锁不住。请重新准备这次运行。</translation>
    </message>
    <message>
        <source>creating the row of &quot;%1&quot;</source>
        <translation>创建“%1”的行</translation>
    </message>
    <message>
        <source>looking for the simulator&apos;s rows</source>
        <translation>查找模拟器的行</translation>
    </message>
    <message>
        <source>%1 on %2 nodes</source>
        <translation>%1，分布在 %2 个节点上</translation>
    </message>
    <message>
        <source>A lock held as an open transaction keeps a transaction and a connection for the whole critical section, and on a Galera cluster a row lock on one node does not block another node, so clients of different nodes hold it at the same time.</source>
        <translation>以打开的事务持有的锁在整个临界区内都占用一个事务和一个连接；而在 Galera 集群上，一个节点上的行锁不会阻塞另一个节点，因此不同节点上的客户端会同时持有它。</translation>
    </message>
    <message>
        <source>Unknown protocol &quot;%1&quot;: use lockcore, unsafe-no-expiry, unsafe-client-clock or for-update.</source>
        <translation>未知协议“%1”：请使用 lockcore、unsafe-no-expiry、unsafe-client-clock 或 for-update。</translation>
    </message>
    <message>
        <source>Node %1 (%2): %3</source>
        <translation>节点 %1（%2）：%3</translation>
    </message>
    <message>
        <source>it is %1, node 1 is %2: the nodes must be one cluster.</source>
        <translation>它是 %1，而节点 1 是 %2：这些节点必须属于同一个集群。</translation>
    </message>
    <message>
        <source>it does not see the tables %1* that node 1 prepared: the URLs must be nodes of one cluster, with one database.</source>
        <translation>它看不到节点 1 准备好的表 %1*：这些 URL 必须是同一个集群、同一个数据库的节点。</translation>
    </message>
    <message>
        <source>1 lock</source>
        <translation>1 个锁</translation>
    </message>
    <message>
        <source>%1 locks</source>
        <translation>%1 个锁</translation>
    </message>
    <message>
        <source>Failure observed: %1 stuck for ever (%2) in %3 (%4, %5).</source>
        <translation>观察到失败：在 %3 中有 %1永久卡住（%2）（%4，%5）。</translation>
    </message>
</context>
<context>
    <name>ui::AcknowledgeAction</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1, held by %2 (fence %3): %4</source>
        <translation>%1，由 %2 持有（栅栏令牌 %3）：%4</translation>
    </message>
    <message>
        <source>&amp;Acknowledge problem…</source>
        <translation>确认问题(&amp;A)…</translation>
    </message>
    <message>
        <source>Mark the selected lock&apos;s problem as seen, with a note and for how long: the tray stops announcing and counting it until it changes</source>
        <translation>将所选锁的问题标记为已知，附带说明和时长：在它变化之前，托盘不再提醒也不再计数</translation>
    </message>
</context>
<context>
    <name>ui::AcknowledgeDialog</name>
    <message>
        <source>Acknowledge problem - %1</source>
        <translation>确认问题 - %1</translation>
    </message>
    <message>
        <source>The tray stops announcing it and does not count it; the Problems filter marks it. It comes back when its time runs out or the lock changes (another holder, fence or problem). Kept in your settings, not in the database.</source>
        <translation>托盘不再提醒也不计入它；“问题”过滤器会标记它。时限到期或锁发生变化（持有者、栅栏令牌或问题变化）时会重新出现。保存在您的设置中，而不是数据库中。</translation>
    </message>
    <message>
        <source>What you are doing about it</source>
        <translation>您正在如何处理</translation>
    </message>
    <message>
        <source>1 hour</source>
        <translation>1 小时</translation>
    </message>
    <message>
        <source>4 hours</source>
        <translation>4 小时</translation>
    </message>
    <message>
        <source>1 day</source>
        <translation>1 天</translation>
    </message>
    <message>
        <source>Until it changes</source>
        <translation>直到有变化</translation>
    </message>
    <message>
        <source>&amp;Note:</source>
        <translation>说明(&amp;N):</translation>
    </message>
    <message>
        <source>&amp;For:</source>
        <translation>时长(&amp;F):</translation>
    </message>
    <message>
        <source>Acknowledge</source>
        <translation>确认</translation>
    </message>
    <message>
        <source>Remove acknowledgement</source>
        <translation>取消确认</translation>
    </message>
</context>
<context>
    <name>ui::AcknowledgementLine</name>
    <message>
        <source>Not acknowledged.</source>
        <translation>未确认。</translation>
    </message>
    <message>
        <source>Acknowledge…</source>
        <translation>确认…</translation>
    </message>
    <message>
        <source>Change or remove acknowledgement…</source>
        <translation>更改或取消确认…</translation>
    </message>
</context>
<context>
    <name>ui::AuditDock</name>
    <message>
        <source>Admin audit</source>
        <translation>管理审计</translation>
    </message>
    <message>
        <source>Admin a&amp;udit</source>
        <translation>管理审计(&amp;U)</translation>
    </message>
    <message>
        <source>Force releases, deletes, initializations, terminations and test holds by anyone</source>
        <translation>所有人的强制释放、删除、初始化、终止和测试持有</translation>
    </message>
</context>
<context>
    <name>ui::AuditModel</name>
    <message>
        <source>Initialize</source>
        <translation>初始化</translation>
    </message>
    <message>
        <source>Force release</source>
        <translation>强制释放</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Terminate session</source>
        <translation>终止会话</translation>
    </message>
    <message>
        <source>Cancel statement</source>
        <translation>取消语句</translation>
    </message>
    <message>
        <source>Test hold</source>
        <translation>测试持有</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Lock</source>
        <translation>锁</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>操作者</translation>
    </message>
    <message>
        <source>Holder</source>
        <translation>持有者</translation>
    </message>
    <message>
        <source>Fence</source>
        <translation>栅栏令牌</translation>
    </message>
    <message>
        <source>Reason / detail</source>
        <translation>原因 / 详情</translation>
    </message>
</context>
<context>
    <name>ui::AuditPanel</name>
    <message>
        <source>Reading the admin actions…</source>
        <translation>正在读取管理操作…</translation>
    </message>
    <message numerus="yes">
        <source>%Ln admin action(s), read at %1.</source>
        <translation>
            <numerusform>%Ln 条管理操作，读取于 %1。</numerusform>
        </translation>
    </message>
    <message>
        <source>More match than the newest %L1 shown: narrow the filters.</source>
        <translation>匹配的多于显示的最新 %L1 条：请缩小过滤范围。</translation>
    </message>
    <message>
        <source>The admin actions could not be read: %1</source>
        <translation>无法读取管理操作：%1</translation>
    </message>
    <message>
        <source>The rows below are as of %1.</source>
        <translation>以下各行截至 %1。</translation>
    </message>
    <message>
        <source>Not read yet: Refresh reads the admin actions.</source>
        <translation>尚未读取：点击“刷新”读取管理操作。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not in the lock table (deleted, filtered out, or a database session).</source>
        <translation>“%1”不在锁表中（已删除、被过滤，或是数据库会话）。</translation>
    </message>
    <message>
        <source>Export admin actions as JSON</source>
        <translation>将管理操作导出为 JSON</translation>
    </message>
    <message>
        <source>Export admin actions as CSV</source>
        <translation>将管理操作导出为 CSV</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message numerus="yes">
        <source>Exported %Ln admin action(s) to %1.</source>
        <translation>
            <numerusform>已将 %Ln 条管理操作导出到 %1。</numerusform>
        </translation>
    </message>
    <message>
        <source>Actor:</source>
        <translation>操作者:</translation>
    </message>
    <message>
        <source>Lock:</source>
        <translation>锁:</translation>
    </message>
    <message>
        <source>Since:</source>
        <translation>起始时间:</translation>
    </message>
    <message>
        <source>Action:</source>
        <translation>操作:</translation>
    </message>
    <message>
        <source>contains</source>
        <translation>包含</translation>
    </message>
    <message>
        <source>Who acted, as recorded (user@host (tool)); any part, ignoring case</source>
        <translation>记录中的操作者（user@host (tool)）；可填任意部分，不区分大小写</translation>
    </message>
    <message>
        <source>Lock names: * any text, ? one character, ignoring case</source>
        <translation>锁名：* 匹配任意文本，? 匹配一个字符，不区分大小写</translation>
    </message>
    <message>
        <source>A duration back from the database clock (24h, 7d) or a time (2026-12-07T10:00, UTC unless it has a zone); empty: all</source>
        <translation>从数据库时钟往回的时长（24h、7d）或时间（2026-12-07T10:00，未带时区则为 UTC）；留空：全部</translation>
    </message>
    <message>
        <source>All</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <source>Export JSON…</source>
        <translation>导出 JSON…</translation>
    </message>
</context>
<context>
    <name>ui::BlockingTreeModel</name>
    <message>
        <source>%1 (this tab&apos;s connection)</source>
        <translation>%1（本标签页的连接）</translation>
    </message>
    <message>
        <source>%1 (Lockscope)</source>
        <translation>%1（Lockscope）</translation>
    </message>
    <message>
        <source>%1, deadlock: waits for its own waiter</source>
        <translation>%1，死锁：在等待它自己的等待者</translation>
    </message>
    <message>
        <source>%1 (also above)</source>
        <translation>%1（上方已列出）</translation>
    </message>
    <message>
        <source>%1, for %2</source>
        <translation>%1，已等待 %2</translation>
    </message>
    <message>
        <source>%1 (blocker not known)</source>
        <translation>%1（阻塞者未知）</translation>
    </message>
    <message>
        <source>%1 (%2 in all)</source>
        <translation>%1（共 %2）</translation>
    </message>
    <message>
        <source>The connection this tab reads with: it cannot be cancelled or terminated from here.</source>
        <translation>本标签页用于读取的连接：无法在此取消或终止它。</translation>
    </message>
    <message>
        <source>One of Lockscope&apos;s own connections (lockctl or a Lockscope window): it cannot be cancelled or terminated from here.</source>
        <translation>Lockscope 自己的连接之一（lockctl 或某个 Lockscope 窗口）：无法在此取消或终止它。</translation>
    </message>
    <message>
        <source>Session %1 waits for more than one session; what it blocks is listed under its first place.</source>
        <translation>会话 %1 在等待不止一个会话；它所阻塞的会话列在它第一次出现的位置下。</translation>
    </message>
    <message>
        <source>Database: %1</source>
        <translation>数据库：%1</translation>
    </message>
    <message>
        <source>transaction started %1</source>
        <translation>事务开始于 %1</translation>
    </message>
    <message>
        <source>not in a transaction, or not known</source>
        <translation>不在事务中，或未知</translation>
    </message>
    <message numerus="yes">
        <source>%n session(s) wait for it directly</source>
        <translation>
            <numerusform>%n 个会话直接等待它</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n in all, through others too</source>
        <translation>
            <numerusform>包括间接等待的在内共 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>Blocked by: %1</source>
        <translation>阻塞者：%1</translation>
    </message>
    <message>
        <source>Session (pid)</source>
        <translation>会话（pid）</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Transaction age</source>
        <translation>事务时长</translation>
    </message>
    <message>
        <source>Waits for</source>
        <translation>等待的锁</translation>
    </message>
    <message>
        <source>Blocks</source>
        <translation>阻塞数</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Application</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>客户端</translation>
    </message>
    <message>
        <source>Statement</source>
        <translation>语句</translation>
    </message>
</context>
<context>
    <name>ui::ClusterDock</name>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>The database&apos;s cluster as the connected node sees it</source>
        <translation>已连接节点所看到的数据库集群</translation>
    </message>
    <message>
        <source>Clu&amp;ster</source>
        <translation>集群(&amp;S)</translation>
    </message>
</context>
<context>
    <name>ui::ClusterMembersModel</name>
    <message>
        <source>%1 (this node)</source>
        <translation>%1（本节点）</translation>
    </message>
    <message>
        <source>The node this window&apos;s connection reads from</source>
        <translation>本窗口的连接所读取的节点</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Sync</source>
        <translation>同步</translation>
    </message>
    <message>
        <source>Write lag</source>
        <translation>写入延迟</translation>
    </message>
    <message>
        <source>Flush lag</source>
        <translation>刷盘延迟</translation>
    </message>
    <message>
        <source>Replay lag</source>
        <translation>回放延迟</translation>
    </message>
</context>
<context>
    <name>ui::ClusterPanel</name>
    <message>
        <source>The cluster status could not be read: %1</source>
        <translation>无法读取集群状态：%1</translation>
    </message>
    <message>
        <source>Not connected</source>
        <translation>未连接</translation>
    </message>
    <message>
        <source>The cluster status is read when a database is open.</source>
        <translation>打开数据库后会读取集群状态。</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Read at %1</source>
        <translation>读取于 %1</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <source>Read the cluster status now</source>
        <translation>立即读取集群状态</translation>
    </message>
</context>
<context>
    <name>ui::ClusterStatusButton</name>
    <message>
        <source>Cluster: not read</source>
        <translation>集群：未读取</translation>
    </message>
    <message>
        <source>The cluster status could not be read: %1</source>
        <translation>无法读取集群状态：%1</translation>
    </message>
    <message>
        <source>Click to show or hide the cluster&apos;s members and state.</source>
        <translation>单击以显示或隐藏集群的成员和状态。</translation>
    </message>
</context>
<context>
    <name>ui::ClusterSummary</name>
    <message>
        <source>ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>not ready</source>
        <translation>未就绪</translation>
    </message>
    <message numerus="yes">
        <source>%n node(s), %1 component; this node %2, %3</source>
        <translation>
            <numerusform>%n 个节点，%1 组件；本节点 %2，%3</numerusform>
        </translation>
    </message>
    <message>
        <source>This session: wsrep_sync_wait %1. Cluster state %2.</source>
        <translation>本会话：wsrep_sync_wait %1。集群状态 %2。</translation>
    </message>
    <message>
        <source>(empty)</source>
        <translation>（空）</translation>
    </message>
    <message numerus="yes">
        <source>%n standby(s) connected</source>
        <translation>
            <numerusform>已连接 %n 个备库</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n replication slot(s)</source>
        <translation>
            <numerusform>%n 个复制槽</numerusform>
        </translation>
    </message>
    <message>
        <source>synchronous_commit %1, synchronous_standby_names %2</source>
        <translation>synchronous_commit %1，synchronous_standby_names %2</translation>
    </message>
    <message>
        <source>Standalone</source>
        <translation>单机</translation>
    </message>
    <message numerus="yes">
        <source>Galera: %1, %n node(s), %2</source>
        <translation>
            <numerusform>Galera：%1，%n 个节点，%2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Primary %1, %n standby(s)</source>
        <translation>
            <numerusform>主库 %1，%n 个备库</numerusform>
        </translation>
    </message>
    <message>
        <source>Standby %1</source>
        <translation>备库 %1</translation>
    </message>
    <message>
        <source>Not replicated: there is no other node to fail over to, so nothing a failover could lose.</source>
        <translation>未复制：没有可切换过去的其他节点，因此也没有会在故障切换中丢失的内容。</translation>
    </message>
    <message>
        <source>member</source>
        <translation>成员</translation>
    </message>
    <message>
        <source>primary</source>
        <translation>主库</translation>
    </message>
    <message>
        <source>standby</source>
        <translation>备库</translation>
    </message>
    <message>
        <source>Replayed %1 (received %2), replay lag %3.</source>
        <translation>已回放 %1（已接收 %2），回放延迟 %3。</translation>
    </message>
    <message>
        <source>Follows %1.</source>
        <translation>跟随 %1。</translation>
    </message>
</context>
<context>
    <name>ui::ConnectionBand</name>
    <message>
        <source>[%1] %2</source>
        <translation>[%1] %2</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>This connection&apos;s profile is marked %1 (File › Connect…, Window colour)</source>
        <translation>此连接的配置标记为“%1”（文件 › 连接…，窗口颜色）</translation>
    </message>
</context>
<context>
    <name>ui::ConnectionDialog</name>
    <message>
        <source>Connect to a Lock Table</source>
        <translation>连接到锁表</translation>
    </message>
    <message>
        <source>Pro&amp;file:</source>
        <translation>连接配置(&amp;F):</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Delete the selected profile and its remembered password</source>
        <translation>删除所选连接配置及其已保存的密码</translation>
    </message>
    <message>
        <source>&amp;URL:</source>
        <translation>&amp;URL:</translation>
    </message>
    <message>
        <source>Paste a lockctl URL, such as postgresql://user@host:5432/database</source>
        <translation>粘贴 lockctl URL，例如 postgresql://user@host:5432/database</translation>
    </message>
    <message>
        <source>sqlite:PATH, postgresql://, mysql://, mariadb://, oracle:// or odbc://DSN, read into the fields when pasted, on Enter or on leaving this field. A password in it then moves to the password field and is no longer shown here.</source>
        <translation>sqlite:PATH、postgresql://、mysql://、mariadb://、oracle:// 或 odbc://DSN，在粘贴、按回车或离开此框时读入各字段。其中的密码随即移到密码框，不再在此显示。</translation>
    </message>
    <message>
        <source>Monitor</source>
        <translation>监控</translation>
    </message>
    <message>
        <source>Lock ta&amp;ble:</source>
        <translation>锁表(&amp;B):</translation>
    </message>
    <message>
        <source>The lock table&apos;s name, optionally as schema.table (its events are in &lt;table&gt;_event)</source>
        <translation>锁表名称，可写作 schema.table（其事件记录在 &lt;table&gt;_event 中）</translation>
    </message>
    <message>
        <source>Co&amp;nnect timeout:</source>
        <translation>连接超时(&amp;N):</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>&amp;Read-only: watch the locks, offer no admin action</source>
        <translation>只读(&amp;R)：仅查看锁，不提供管理操作</translation>
    </message>
    <message>
        <source>Profi&amp;le name:</source>
        <translation>配置名称(&amp;L):</translation>
    </message>
    <message>
        <source>Leave empty to connect without saving</source>
        <translation>留空则直接连接，不保存</translation>
    </message>
    <message>
        <source>&amp;Connect</source>
        <translation>连接(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Save Profile</source>
        <translation>保存配置(&amp;S)</translation>
    </message>
    <message>
        <source>Save these settings under the profile name, without connecting</source>
        <translation>以该配置名称保存这些设置，不进行连接</translation>
    </message>
    <message>
        <source>New connection</source>
        <translation>新建连接</translation>
    </message>
    <message>
        <source>The Qt SQL driver %1 for %2 is not installed. %3</source>
        <translation>未安装 %2 的 Qt SQL 驱动 %1。%3</translation>
    </message>
    <message>
        <source>The profile &quot;%1&quot; could not be read.</source>
        <translation>无法读取连接配置“%1”。</translation>
    </message>
    <message>
        <source>Deleted the profile &quot;%1&quot;.</source>
        <translation>已删除连接配置“%1”。</translation>
    </message>
    <message>
        <source>Enter a profile name to save these settings under.</source>
        <translation>请输入用于保存这些设置的配置名称。</translation>
    </message>
    <message>
        <source>Saved the profile &quot;%1&quot;.</source>
        <translation>已保存连接配置“%1”。</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>正在连接 %1…</translation>
    </message>
    <message>
        <source>Test stopped; its result will be ignored.</source>
        <translation>测试已停止，其结果将被忽略。</translation>
    </message>
    <message>
        <source>S&amp;top Test</source>
        <translation>停止测试(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Test Connection</source>
        <translation>测试连接(&amp;T)</translation>
    </message>
    <message>
        <source>Ignore the running test&apos;s result</source>
        <translation>忽略正在进行的测试的结果</translation>
    </message>
    <message>
        <source>Connect once and look for the lock table</source>
        <translation>连接一次并查找锁表</translation>
    </message>
    <message>
        <source>Looking for the system keychain…</source>
        <translation>正在查找系统钥匙串…</translation>
    </message>
    <message>
        <source>%1 The password is asked for each time.</source>
        <translation>%1 每次连接都需要输入密码。</translation>
    </message>
    <message>
        <source>Reading the keychain…</source>
        <translation>正在读取钥匙串…</translation>
    </message>
    <message>
        <source>Not in the keychain: enter the password</source>
        <translation>钥匙串中没有保存密码：请输入密码</translation>
    </message>
    <message>
        <source>The password could not be read from the keychain: %1</source>
        <translation>无法从钥匙串读取密码：%1</translation>
    </message>
    <message>
        <source>Lockscope table</source>
        <translation>Lockscope 锁表</translation>
    </message>
    <message>
        <source>Whose lock table this is: Lockscope&apos;s own, an application&apos;s whose columns and rules Lockscope knows, or any table whose columns you map</source>
        <translation>这是谁的锁表：Lockscope 自己的、Lockscope 了解其列与规则的某个应用的，或由你映射列的任意表</translation>
    </message>
    <message>
        <source>Any table, its columns mapped below. Release deletes the row, or sets the status flag to 0 when there is one.</source>
        <translation>任意表，其列在下方映射。释放时删除该行；有状态标志列时将其置为 0。</translation>
    </message>
    <message>
        <source>The application&apos;s lock table, optionally as schema.table</source>
        <translation>应用的锁表，可写作 schema.table</translation>
    </message>
    <message>
        <source>the table&apos;s name</source>
        <translation>表名</translation>
    </message>
    <message>
        <source>Application&apos;s time zone (&amp;JVM, session):</source>
        <translation>应用的时区（&amp;JVM／会话）：</translation>
    </message>
    <message>
        <source>the server&apos;s default</source>
        <translation>服务器默认值</translation>
    </message>
    <message>
        <source>The time zone the application&apos;s sessions write local times in (Java drivers use the JVM&apos;s zone): e.g. Asia/Shanghai on PostgreSQL, +08:00 on MySQL. Lockscope&apos;s session then compares expiry as the application does. Empty: the server&apos;s default.</source>
        <translation>应用的会话写入本地时间所用的时区（Java 驱动使用 JVM 的时区）：例如 PostgreSQL 上的 Asia/Shanghai、MySQL 上的 +08:00。Lockscope 的会话随后会像应用一样比较过期时间。留空：使用服务器默认值。</translation>
    </message>
    <message>
        <source>W&amp;indow colour:</source>
        <translation>窗口颜色(&amp;I):</translation>
    </message>
    <message>
        <source>Marks the window of this connection with a band of this colour and its name in the title, so that a production database looks like one</source>
        <translation>用此颜色的横条标记该连接的窗口，并在标题中显示其名称，让生产库一眼可辨</translation>
    </message>
    <message>
        <source>Notify me of problems: expired, lost owner, not renewing, long hold</source>
        <translation>问题提醒：已过期、持有者已退出、未续期、长时间持有</translation>
    </message>
</context>
<context>
    <name>ui::ConnectionForm</name>
    <message>
        <source>Database</source>
        <translation>数据库</translation>
    </message>
    <message>
        <source>Dri&amp;ver:</source>
        <translation>驱动(&amp;V):</translation>
    </message>
    <message>
        <source>&amp;Host:</source>
        <translation>主机(&amp;H):</translation>
    </message>
    <message>
        <source>P&amp;ort:</source>
        <translation>端口(&amp;O):</translation>
    </message>
    <message>
        <source>Bro&amp;wse…</source>
        <translation>浏览(&amp;W)…</translation>
    </message>
    <message>
        <source>Us&amp;er:</source>
        <translation>用户名(&amp;E):</translation>
    </message>
    <message>
        <source>&amp;Password:</source>
        <translation>密码(&amp;P):</translation>
    </message>
    <message>
        <source>Remember the password in the system &amp;keychain</source>
        <translation>在系统钥匙串中记住密码(&amp;K)</translation>
    </message>
    <message>
        <source>TLS (SSL) settin&amp;gs</source>
        <translation>TLS (SSL) 设置(&amp;G)</translation>
    </message>
    <message>
        <source>Show or hide the TLS options of this driver</source>
        <translation>显示或隐藏此驱动的 TLS 选项</translation>
    </message>
    <message>
        <source>SSL &amp;mode:</source>
        <translation>SSL 模式(&amp;M):</translation>
    </message>
    <message>
        <source>Driver default (prefer)</source>
        <translation>驱动默认（prefer）</translation>
    </message>
    <message>
        <source>Root C&amp;A certificate:</source>
        <translation>根 CA 证书(&amp;A):</translation>
    </message>
    <message>
        <source>C&amp;A certificate:</source>
        <translation>CA 证书(&amp;A):</translation>
    </message>
    <message>
        <source>Client cert&amp;ificate:</source>
        <translation>客户端证书(&amp;I):</translation>
    </message>
    <message>
        <source>Client ke&amp;y:</source>
        <translation>客户端密钥(&amp;Y):</translation>
    </message>
    <message>
        <source>The %1 option of the connection URL</source>
        <translation>连接 URL 的 %1 选项</translation>
    </message>
    <message>
        <source>Qt SQL driver %1</source>
        <translation>Qt SQL 驱动 %1</translation>
    </message>
    <message>
        <source>%1 (driver not installed)</source>
        <translation>%1（未安装驱动）</translation>
    </message>
    <message>
        <source>%1 (%2): %3</source>
        <translation>%1（%2）：%3</translation>
    </message>
    <message>
        <source>Not installed here:</source>
        <translation>本机未安装：</translation>
    </message>
    <message>
        <source>&amp;Database file:</source>
        <translation>数据库文件(&amp;D):</translation>
    </message>
    <message>
        <source>&amp;Database (service name):</source>
        <translation>数据库（服务名）(&amp;D):</translation>
    </message>
    <message>
        <source>&amp;Data source (DSN):</source>
        <translation>数据源（DSN）(&amp;D):</translation>
    </message>
    <message>
        <source>&amp;Database:</source>
        <translation>数据库(&amp;D):</translation>
    </message>
    <message>
        <source>/path/to/locks.sqlite</source>
        <translation>/path/to/locks.sqlite</translation>
    </message>
    <message>
        <source>Default (%1)</source>
        <translation>默认（%1）</translation>
    </message>
    <message>
        <source>SQLite Database File</source>
        <translation>SQLite 数据库文件</translation>
    </message>
    <message>
        <source>SQLite databases (*.sqlite *.sqlite3 *.db);;All files (*)</source>
        <translation>SQLite 数据库 (*.sqlite *.sqlite3 *.db);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Choose the root CA certificate</source>
        <translation>选择根 CA 证书</translation>
    </message>
    <message>
        <source>Choose the CA certificate</source>
        <translation>选择 CA 证书</translation>
    </message>
    <message>
        <source>Choose the client certificate</source>
        <translation>选择客户端证书</translation>
    </message>
    <message>
        <source>Choose the client key</source>
        <translation>选择客户端密钥</translation>
    </message>
    <message>
        <source>The server&apos;s host name or address. PostgreSQL also takes several, separated by commas (db1:5432,db2:5432): each connection goes to the first that answers; add target_session_attrs=read-write to the URL to reach the primary only.</source>
        <translation>服务器的主机名或地址。PostgreSQL 还可以填写多个，用逗号分隔（db1:5432,db2:5432）：每次连接都连到第一个应答的主机；在 URL 中加上 target_session_attrs=read-write 则只连到主库。</translation>
    </message>
    <message>
        <source>Default (preferred; verify-ca with a CA or certificate)</source>
        <translation>默认（preferred；指定 CA 或证书时为 verify-ca）</translation>
    </message>
    <message>
        <source>preferred: TLS where the server offers it; required: TLS, the server&apos;s certificate not checked; verify-ca: signed by the CA certificate; verify-identity: and for this host. A connection without what is asked for is refused.</source>
        <translation>preferred：服务器提供 TLS 时使用 TLS；required：使用 TLS，不检查服务器证书；verify-ca：证书由 CA 证书签发；verify-identity：并且证书是签发给此主机的。得不到所要求的 TLS 的连接会被拒绝。</translation>
    </message>
</context>
<context>
    <name>ui::ConnectionTester</name>
    <message>
        <source>%1 through ODBC</source>
        <translation>%1（通过 ODBC）</translation>
    </message>
    <message>
        <source>The file does not exist yet: it will be created when you connect. Then create the lock table from the main window (Create schema…).</source>
        <translation>文件尚不存在：连接时将自动创建。之后请在主窗口中创建锁表（创建表结构…）。</translation>
    </message>
    <message>
        <source>Could not connect.</source>
        <translation>无法连接。</translation>
    </message>
    <message>
        <source>Connected: %1 (%2 ms).</source>
        <translation>已连接：%1（%2 毫秒）。</translation>
    </message>
    <message>
        <source>%1 Reading the lock table %2 failed: %3</source>
        <translation>%1读取锁表 %2 失败：%3</translation>
    </message>
    <message>
        <source>%1 Lock table %2 found, but reading its event table failed: %3</source>
        <translation>%1已找到锁表 %2，但读取其事件表失败：%3</translation>
    </message>
    <message>
        <source>%1 Lock table %2 not found (create it from the main window with Create schema…).</source>
        <translation>%1未找到锁表 %2（请在主窗口中通过“创建表结构…”创建）。</translation>
    </message>
    <message>
        <source>%1 Lock table %2 found, but not its event table %2_event (Create schema… in the main window adds it).</source>
        <translation>%1已找到锁表 %2，但未找到其事件表 %2_event（可在主窗口中通过“创建表结构…”添加）。</translation>
    </message>
    <message>
        <source>%1 Lock table %2 found.</source>
        <translation>%1已找到锁表 %2。</translation>
    </message>
    <message>
        <source>%1 Table %2 not found: it is the application&apos;s, which creates it.</source>
        <translation>%1 未找到表 %2：该表属于应用，由应用创建。</translation>
    </message>
    <message>
        <source>%1 Table %2 found, with the columns of the %3 profile.</source>
        <translation>%1 找到表 %2，含有 %3 配置的各列。</translation>
    </message>
</context>
<context>
    <name>ui::CustomMappingForm</name>
    <message>
        <source>Lock na&amp;me column:</source>
        <translation>锁名列(&amp;M):</translation>
    </message>
    <message>
        <source>Held b&amp;y column:</source>
        <translation>持有者列(&amp;Y):</translation>
    </message>
    <message>
        <source>E&amp;xpiry column:</source>
        <translation>过期时间列(&amp;X):</translation>
    </message>
    <message>
        <source>St&amp;atus flag column:</source>
        <translation>状态标志列(&amp;A):</translation>
    </message>
    <message>
        <source>Ac&amp;quired-at column:</source>
        <translation>获取时间列(&amp;Q):</translation>
    </message>
    <message>
        <source>Time &amp;zone:</source>
        <translation>时区(&amp;Z):</translation>
    </message>
    <message>
        <source>required</source>
        <translation>必填</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>The column that holds the lock&apos;s name (its key)</source>
        <translation>存放锁名（键）的列</translation>
    </message>
    <message>
        <source>The column that says who holds the lock; empty: the table records no holder</source>
        <translation>记录锁由谁持有的列；留空：该表不记录持有者</translation>
    </message>
    <message>
        <source>The column with the time the lease ends; empty: locks never expire (a dead holder&apos;s lock stays until released)</source>
        <translation>存放租约结束时间的列；留空：锁永不过期（已死持有者的锁会一直保留到被释放）</translation>
    </message>
    <message>
        <source>A column that is 1 while the lock is held and 0 when it is free; empty: a row is held while it exists (release deletes it)</source>
        <translation>持有时为 1、空闲时为 0 的列；留空：行存在即为持有（释放时删除该行）</translation>
    </message>
    <message>
        <source>The column with the time the lock was taken; empty: none</source>
        <translation>存放获取时间的列；留空：无</translation>
    </message>
    <message>
        <source>UTC</source>
        <translation>UTC</translation>
    </message>
    <message>
        <source>The database&apos;s local time</source>
        <translation>数据库的本地时间</translation>
    </message>
    <message>
        <source>How the application writes its times (always from the database&apos;s clock)</source>
        <translation>应用写入时间的方式（时间总是取自数据库时钟）</translation>
    </message>
</context>
<context>
    <name>ui::DatabaseWorker</name>
    <message>
        <source>No database is configured.</source>
        <translation>未配置数据库。</translation>
    </message>
    <message>
        <source>This connection is read-only: no change was made.</source>
        <translation>此连接为只读：未做任何更改。</translation>
    </message>
    <message>
        <source>The lock tables exist now.</source>
        <translation>锁表现已存在。</translation>
    </message>
    <message>
        <source>Lock &quot;%1&quot; created.</source>
        <translation>已创建锁“%1”。</translation>
    </message>
    <message>
        <source>Lock &quot;%1&quot; already exists; it was left as it is.</source>
        <translation>锁“%1”已存在，保持原样未做改动。</translation>
    </message>
    <message>
        <source>Acquired &quot;%1&quot; with fence %2 until %3.</source>
        <translation>已获取“%1”，栅栏令牌 %2，有效期至 %3。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is held by %2 for another %3.</source>
        <translation>“%1”由 %2 持有，还剩 %3。</translation>
    </message>
    <message>
        <source>Renewed &quot;%1&quot; until %2.</source>
        <translation>已将“%1”续期至 %2。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; was lost: it is no longer held with fence %2.</source>
        <translation>已失去“%1”：它已不再以栅栏令牌 %2 被持有。</translation>
    </message>
    <message>
        <source>Released &quot;%1&quot;.</source>
        <translation>已释放“%1”。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; was lost before the release: nothing was changed.</source>
        <translation>释放前已失去“%1”：未做任何更改。</translation>
    </message>
    <message>
        <source>Force-released &quot;%1&quot; (held by %2); its fence is now %3.</source>
        <translation>已强制释放“%1”（原持有者 %2）；其栅栏令牌现为 %3。</translation>
    </message>
    <message>
        <source>Deleted &quot;%1&quot;.</source>
        <translation>已删除“%1”。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is held by %2: force-release it first.</source>
        <translation>“%1”由 %2 持有：请先强制释放。</translation>
    </message>
    <message>
        <source>There is no lock &quot;%1&quot; (any longer).</source>
        <translation>锁“%1”不存在或已被删除。</translation>
    </message>
    <message>
        <source>This application&apos;s table (%1) keeps no history of its locks.</source>
        <translation>该应用的表（%1）不保存其锁的历史记录。</translation>
    </message>
    <message>
        <source>Acquired &quot;%1&quot; as %2, the way %3 does.</source>
        <translation>已按 %3 的方式以 %2 的身份获取“%1”。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is held by %2: refused, as %3 would be.</source>
        <translation>“%1”由 %2 持有：已被拒绝，与 %3 的行为相同。</translation>
    </message>
    <message>
        <source>someone (this table records no holder)</source>
        <translation>某个持有者（此表不记录持有者）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not held by %2: nothing was changed.</source>
        <translation>“%1”并非由 %2 持有：未做任何更改。</translation>
    </message>
    <message>
        <source>Force-released &quot;%1&quot; (held by %2) the way %3 releases it.</source>
        <translation>已按 %3 的释放方式强制释放“%1”（原由 %2 持有）。</translation>
    </message>
    <message>
        <source>an unrecorded holder</source>
        <translation>未记录的持有者</translation>
    </message>
    <message>
        <source>Refused: &quot;%1&quot; changed since you looked (holder or time). Nothing was changed.</source>
        <translation>已拒绝：自您查看以来“%1”已发生变化（持有者或时间）。未做任何更改。</translation>
    </message>
    <message>
        <source>Not available on %1&apos;s table: Lockscope only does there what that application does.</source>
        <translation>在 %1 的表上不可用：Lockscope 在该表上只执行该应用本身会执行的操作。</translation>
    </message>
    <message>
        <source>%1 — %2 — %3 (%4)</source>
        <translation>%1 — %2 — %3（%4）</translation>
    </message>
    <message>
        <source>An application&apos;s table is read whole, not a window at a time.</source>
        <translation>应用的表总是整表读取，不按窗口分段读取。</translation>
    </message>
    <message>
        <source>Not sent: its time ran out while earlier work was waiting for the database.</source>
        <translation>未发送：在等待数据库处理之前的工作时，它的时限已过。</translation>
    </message>
    <message>
        <source>Not deleted: &quot;%1&quot; changed since you looked (fence %2, now %3, %4). Look at it again first.</source>
        <translation>未删除：“%1”在你查看之后已变化（栅栏令牌 %2，现在为 %3，%4）。请先重新查看。</translation>
    </message>
    <message>
        <source>This application&apos;s table keeps no record of admin actions: the audit reads Lockscope&apos;s event table.</source>
        <translation>该应用的表不记录管理操作：审计读取的是 Lockscope 的事件表。</translation>
    </message>
    <message>
        <source>The lease of &quot;%1&quot; ended %2 ago: it is lost; acquire it again.</source>
        <translation>“%1”的租约已于 %2前结束：已丢失；请重新获取。</translation>
    </message>
    <message>
        <source>Recorded in %1.</source>
        <translation>已记录在 %1 中。</translation>
    </message>
    <message>
        <source>Recorded in the local audit log.</source>
        <translation>已记录在本地审计日志中。</translation>
    </message>
    <message>
        <source>NOT recorded: %1</source>
        <translation>未能记录：%1</translation>
    </message>
</context>
<context>
    <name>ui::DeleteLockDialog</name>
    <message>
        <source>Delete lock %1</source>
        <translation>删除锁 %1</translation>
    </message>
    <message>
        <source>Lock:</source>
        <translation>锁:</translation>
    </message>
    <message>
        <source>Fence:</source>
        <translation>栅栏令牌:</translation>
    </message>
    <message>
        <source>Default lease:</source>
        <translation>默认租约:</translation>
    </message>
    <message>
        <source>Description:</source>
        <translation>描述:</translation>
    </message>
    <message>
        <source>&lt;b&gt;The lock&apos;s definition is removed;&lt;/b&gt; its history stays. The delete only happens if the lock is still free or expired with the fence shown here.</source>
        <translation>&lt;b&gt;锁的定义将被删除；&lt;/b&gt;其历史记录保留。仅当锁仍空闲或已过期且栅栏令牌与此处显示的一致时才会删除。</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
</context>
<context>
    <name>ui::EndSessionDialog</name>
    <message>
        <source>Cancel the statement of session %1</source>
        <translation>取消会话 %1 的语句</translation>
    </message>
    <message>
        <source>Terminate session %1</source>
        <translation>终止会话 %1</translation>
    </message>
    <message>
        <source>(not shown)</source>
        <translation>（不可见）</translation>
    </message>
    <message>
        <source>Database:</source>
        <translation>数据库：</translation>
    </message>
    <message>
        <source>Session (pid):</source>
        <translation>会话（pid）：</translation>
    </message>
    <message>
        <source>User:</source>
        <translation>用户：</translation>
    </message>
    <message>
        <source>Application:</source>
        <translation>应用：</translation>
    </message>
    <message>
        <source>Client:</source>
        <translation>客户端：</translation>
    </message>
    <message>
        <source>State:</source>
        <translation>状态：</translation>
    </message>
    <message>
        <source>Transaction age:</source>
        <translation>事务时长：</translation>
    </message>
    <message>
        <source>(no transaction seen)</source>
        <translation>（未见事务）</translation>
    </message>
    <message>
        <source>Statement:</source>
        <translation>语句：</translation>
    </message>
    <message>
        <source>&lt;b&gt;The session&apos;s running statement will be cancelled.&lt;/b&gt; The session and its transaction live on; the application sees its statement fail. This only happens if the session is still the one shown here.</source>
        <translation>&lt;b&gt;该会话正在执行的语句将被取消。&lt;/b&gt;会话及其事务会继续存在；应用会看到其语句执行失败。仅当该会话仍是此处显示的会话时才会执行。</translation>
    </message>
    <message>
        <source>&lt;b&gt;The database session will be ended:&lt;/b&gt; its connection is closed, its open transaction is rolled back and every lock it holds is freed. This only happens if the session is still the one shown here (the same session and transaction).</source>
        <translation>&lt;b&gt;该数据库会话将被结束：&lt;/b&gt;其连接被关闭，未提交的事务被回滚，它持有的所有锁都会被释放。仅当该会话仍是此处显示的会话（同一会话、同一事务）时才会执行。</translation>
    </message>
    <message>
        <source>Cancel statement</source>
        <translation>取消语句</translation>
    </message>
    <message>
        <source>Terminate session</source>
        <translation>终止会话</translation>
    </message>
</context>
<context>
    <name>ui::FilePathEdit</name>
    <message>
        <source>Choose a file</source>
        <translation>选择文件</translation>
    </message>
</context>
<context>
    <name>ui::ForceReleaseDialog</name>
    <message>
        <source>&lt;b&gt;The holder will lose this lock while it may still be working.&lt;/b&gt; Its fence token stops being valid; a resource that checks fences will refuse its writes. The release only happens if the lock is still exactly as shown here.</source>
        <translation>&lt;b&gt;持有者可能仍在工作，但将失去此锁。&lt;/b&gt;其栅栏令牌随即失效；校验栅栏令牌的资源将拒绝其写入。仅当锁的状态仍与此处显示的完全一致时，才会执行释放。</translation>
    </message>
    <message>
        <source>Lock:</source>
        <translation>锁:</translation>
    </message>
    <message>
        <source>Holder:</source>
        <translation>持有者:</translation>
    </message>
    <message>
        <source>Fence:</source>
        <translation>栅栏令牌:</translation>
    </message>
    <message>
        <source>%1 (expires %2)</source>
        <translation>%1（%2 过期）</translation>
    </message>
    <message>
        <source>Time left:</source>
        <translation>剩余时间:</translation>
    </message>
    <message>
        <source>&amp;Force release</source>
        <translation>强制释放(&amp;F)</translation>
    </message>
    <message>
        <source>expired — any acquirer may take it over now</source>
        <translation>已过期 — 任何获取者现在都可以接管</translation>
    </message>
    <message>
        <source>&lt;b&gt;The holder will lose this lock while it may still be working.&lt;/b&gt; This application&apos;s table (%1) has no fence token, so nothing stops the old holder&apos;s writes. The lock is released the way %1 releases it, and only if its holder and time are still exactly as shown here.</source>
        <translation>&lt;b&gt;持有者可能仍在工作，却会失去此锁。&lt;/b&gt;该应用的表（%1）没有栅栏令牌，因此无法阻止旧持有者的写入。锁将按 %1 的方式释放，且仅当其持有者和时间仍与此处显示的完全一致时才会释放。</translation>
    </message>
    <message>
        <source>(not recorded)</source>
        <translation>（未记录）</translation>
    </message>
    <message>
        <source>no expiry: held until released</source>
        <translation>无过期时间：一直持有直到释放</translation>
    </message>
    <message>
        <source>Acquired:</source>
        <translation>获取时间：</translation>
    </message>
    <message>
        <source>Force release %1</source>
        <translation>强制释放 %1</translation>
    </message>
</context>
<context>
    <name>ui::ForceReleaseManyDialog</name>
    <message>
        <source>%1, fence %2</source>
        <translation>%1，栅栏令牌 %2</translation>
    </message>
    <message>
        <source>(not recorded)</source>
        <translation>（未记录）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Each holder will lose its lock while it may still be working.&lt;/b&gt; Their fence tokens stop being valid. Each release only happens if its lock is still exactly as shown here; each outcome is reported.</source>
        <translation>&lt;b&gt;每个持有者都会在可能仍在工作时失去它的锁。&lt;/b&gt;它们的栅栏令牌将失效。只有当锁仍与此处所示完全一致时才会释放；每个结果都会逐条报告。</translation>
    </message>
    <message numerus="yes">
        <source>&amp;Force release %n lock(s)</source>
        <translation>
            <numerusform>强制释放 %n 个锁(&amp;F)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Force release %n lock(s)</source>
        <translation>
            <numerusform>强制释放 %n 个锁</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ui::HistoryList</name>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>Copy the selected events (all when none is selected) for a ticket</source>
        <translation>复制所选事件（未选择时复制全部），用于工单</translation>
    </message>
</context>
<context>
    <name>ui::HistoryLookup</name>
    <message>
        <source>Any lock name, also of a deleted lock</source>
        <translation>任意锁名，包括已删除的锁</translation>
    </message>
    <message>
        <source>A deleted lock is no longer in the table, but its events stay in the history: type its name to see them.</source>
        <translation>已删除的锁不再出现在表中，但其事件仍保留在历史记录中：输入它的名称即可查看。</translation>
    </message>
    <message>
        <source>Show history</source>
        <translation>显示历史记录</translation>
    </message>
</context>
<context>
    <name>ui::HolderSessionAction</name>
    <message>
        <source>Show database &amp;session</source>
        <translation>显示数据库会话(&amp;S)</translation>
    </message>
    <message>
        <source>The database session of the selected lock&apos;s holder, in the Database locks tab (for holders made by lockcore or lockctl)</source>
        <translation>在“数据库锁”标签页中显示所选锁持有者的数据库会话（适用于由 lockcore 或 lockctl 创建的持有者）</translation>
    </message>
</context>
<context>
    <name>ui::InitLockDialog</name>
    <message>
        <source>Initialize lock</source>
        <translation>初始化锁</translation>
    </message>
    <message>
        <source>The lease an acquire gets when it asks for none: 500ms, 30s, 5m, 1h</source>
        <translation>获取时未指定租约时使用的租约时长：500ms、30s、5m、1h</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N):</translation>
    </message>
    <message>
        <source>Default &amp;lease:</source>
        <translation>默认租约(&amp;L):</translation>
    </message>
    <message>
        <source>&amp;Description:</source>
        <translation>描述(&amp;D):</translation>
    </message>
    <message>
        <source>Enter the lock&apos;s name.</source>
        <translation>请输入锁名称。</translation>
    </message>
    <message>
        <source>description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>The default lease</source>
        <translation>默认租约</translation>
    </message>
    <message>
        <source>Initialize</source>
        <translation>初始化</translation>
    </message>
    <message>
        <source>Initialize lock on %1</source>
        <translation>在 %1 上初始化锁</translation>
    </message>
    <message>
        <source>Database:</source>
        <translation>数据库：</translation>
    </message>
</context>
<context>
    <name>ui::KeychainVault</name>
    <message>
        <source>The system keychain did not answer.</source>
        <translation>系统钥匙串没有响应。</translation>
    </message>
    <message>
        <source>No system keychain (such as a Secret Service) is running.</source>
        <translation>没有正在运行的系统钥匙串（如 Secret Service）。</translation>
    </message>
    <message>
        <source>The system keychain refused access.</source>
        <translation>系统钥匙串拒绝访问。</translation>
    </message>
    <message>
        <source>The system keychain is not supported on this platform.</source>
        <translation>此平台不支持系统钥匙串。</translation>
    </message>
    <message>
        <source>The system keychain reported: %1</source>
        <translation>系统钥匙串报告：%1</translation>
    </message>
    <message>
        <source>No system keychain is reachable: there is no D-Bus session.</source>
        <translation>无法访问系统钥匙串：没有 D-Bus 会话。</translation>
    </message>
    <message>
        <source>No system keychain answered (neither a Secret Service, such as GNOME Keyring or KeePassXC, nor KWallet).</source>
        <translation>没有系统钥匙串响应（既没有 Secret Service，如 GNOME Keyring 或 KeePassXC，也没有 KWallet）。</translation>
    </message>
    <message>
        <source>The system keychain reported an error.</source>
        <translation>系统钥匙串报告了错误。</translation>
    </message>
</context>
<context>
    <name>ui::LockActions</name>
    <message>
        <source>&amp;Initialize…</source>
        <translation>初始化(&amp;I)…</translation>
    </message>
    <message>
        <source>Create a lock (never overwrites)</source>
        <translation>创建锁（不会覆盖已有的锁）</translation>
    </message>
    <message>
        <source>&amp;Test-acquire…</source>
        <translation>测试获取(&amp;T)…</translation>
    </message>
    <message>
        <source>Acquire the selected lock as the admin, to test it</source>
        <translation>以管理员身份获取所选锁，用于测试</translation>
    </message>
    <message>
        <source>Re&amp;new</source>
        <translation>续期(&amp;N)</translation>
    </message>
    <message>
        <source>Renew your own test hold of the selected lock</source>
        <translation>续期您自己对所选锁的测试持有</translation>
    </message>
    <message>
        <source>&amp;Release</source>
        <translation>释放(&amp;R)</translation>
    </message>
    <message>
        <source>Release your own test hold of the selected lock</source>
        <translation>释放您自己对所选锁的测试持有</translation>
    </message>
    <message>
        <source>&amp;Force release…</source>
        <translation>强制释放(&amp;F)…</translation>
    </message>
    <message>
        <source>Take the selected lock away from its holder, with a reason</source>
        <translation>从持有者手中收回所选锁（需填写原因）</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>删除(&amp;D)…</translation>
    </message>
    <message>
        <source>Delete the selected lock (free locks only)</source>
        <translation>删除所选锁（仅限空闲的锁）</translation>
    </message>
    <message>
        <source>Create &amp;schema…</source>
        <translation>创建表结构(&amp;S)…</translation>
    </message>
    <message>
        <source>Show, copy or run the DDL of the lock tables</source>
        <translation>显示、复制或执行锁表的 DDL</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>Copy the selected lock&apos;s row, with the column titles, for a ticket or a chat</source>
        <translation>复制所选锁的这一行（带列标题），便于贴到工单或聊天中</translation>
    </message>
    <message>
        <source>Copy as loc&amp;kctl command</source>
        <translation>复制为 loc&amp;kctl 命令</translation>
    </message>
    <message>
        <source>Copy the lockctl commands that show the selected lock and force-release it with the fencing token seen here (no password)</source>
        <translation>复制查看所选锁、并以此处看到的栅栏令牌强制释放它的 lockctl 命令（不含密码）</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: failed: %2</source>
        <translation>“%1”：失败：%2</translation>
    </message>
    <message numerus="yes">
        <source>Force-released %1 of %n lock(s).</source>
        <translation>
            <numerusform>已强制释放 %n 个锁中的 %1 个。</numerusform>
        </translation>
    </message>
    <message>
        <source>The action failed</source>
        <translation>操作失败</translation>
    </message>
    <message>
        <source>Renewing your test hold on &quot;%1&quot; failed; it is tried again until its lease ends. %2</source>
        <translation>续约您对“%1”的测试持有失败；在租约结束前会继续重试。%2</translation>
    </message>
    <message>
        <source>Your test hold on &quot;%1&quot; could not be released; its lease ends on its own. %2</source>
        <translation>无法释放您对“%1”的测试持有；它的租约会自行结束。%2</translation>
    </message>
    <message>
        <source>Copied the row of &quot;%1&quot;.</source>
        <translation>已复制“%1”这一行。</translation>
    </message>
    <message>
        <source>describe why</source>
        <translation>说明原因</translation>
    </message>
    <message>
        <source>Copied the lockctl commands for &quot;%1&quot; (without the password).</source>
        <translation>已复制“%1”的 lockctl 命令（不含密码）。</translation>
    </message>
    <message>
        <source>Copy “%1”</source>
        <translation>复制“%1”</translation>
    </message>
    <message>
        <source>Copied “%1”.</source>
        <translation>已复制“%1”。</translation>
    </message>
    <message>
        <source>Show the locks of %1</source>
        <translation>显示 %1 的锁</translation>
    </message>
</context>
<context>
    <name>ui::LockDetailsPane</name>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Holder</source>
        <translation>持有者</translation>
    </message>
    <message>
        <source>Fence</source>
        <translation>栅栏令牌</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>操作者</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>History</source>
        <translation>历史记录</translation>
    </message>
    <message>
        <source>No lock selected</source>
        <translation>未选择锁</translation>
    </message>
    <message>
        <source>Default lease %1. %2</source>
        <translation>默认租约 %1。%2</translation>
    </message>
    <message>
        <source>No description.</source>
        <translation>无描述。</translation>
    </message>
    <message>
        <source>Free. Fence %1 (the next holder gets a higher one).</source>
        <translation>空闲。栅栏令牌 %1（下一个持有者将获得更大的值）。</translation>
    </message>
    <message>
        <source>Held by %1 since %2, fence %3, depth %4; the lease ends %5.</source>
        <translation>自 %2 起由 %1 持有，栅栏令牌 %3，重入深度 %4；租约于 %5 结束。</translation>
    </message>
    <message>
        <source>The lease of %1 (fence %2) ended %3; the next acquirer takes it over.</source>
        <translation>%1 的租约（栅栏令牌 %2）已于 %3 结束；下一个获取者将接管。</translation>
    </message>
    <message>
        <source>No events recorded. Applications record acquire and release events only when they ask for it; admin actions are always recorded.</source>
        <translation>没有事件记录。应用程序仅在请求时才记录获取和释放事件；管理操作总是会被记录。</translation>
    </message>
    <message>
        <source>The history could not be read: %1</source>
        <translation>无法读取历史记录：%1</translation>
    </message>
    <message>
        <source>A lock of the application&apos;s own table (profile %1): no fence token, no history.</source>
        <translation>应用自有表中的锁（配置 %1）：没有栅栏令牌，没有历史记录。</translation>
    </message>
    <message>
        <source>an unrecorded holder</source>
        <translation>未记录的持有者</translation>
    </message>
    <message>
        <source>Free.</source>
        <translation>空闲。</translation>
    </message>
    <message>
        <source>Free; last held by %1.</source>
        <translation>空闲；上一个持有者为 %1。</translation>
    </message>
    <message>
        <source>Held by %1 since %2; the lease ends %3.</source>
        <translation>自 %2 起由 %1 持有；租约于 %3 结束。</translation>
    </message>
    <message>
        <source>Held by %1 since %2, with no expiry. %3</source>
        <translation>自 %2 起由 %1 持有，没有过期时间。%3</translation>
    </message>
    <message>
        <source>an unrecorded time</source>
        <translation>未记录的时间</translation>
    </message>
    <message>
        <source>The lease of %1 ended %2 and it was never released; the application&apos;s next acquirer takes it over.</source>
        <translation>%1 的租约已于 %2 结束且从未释放；应用的下一个获取者将接管它。</translation>
    </message>
    <message>
        <source>Fold renewals</source>
        <translation>折叠续期</translation>
    </message>
    <message>
        <source>Show the renewals of one hold as one row: how many, from when to when</source>
        <translation>将同一次持有的续期显示为一行：次数以及起止时间</translation>
    </message>
    <message>
        <source>Not in the lock table.</source>
        <translation>不在锁表中。</translation>
    </message>
    <message>
        <source>No lock of this name is in the lock table, and no event was recorded for it.</source>
        <translation>锁表中没有此名称的锁，也没有为它记录任何事件。</translation>
    </message>
    <message>
        <source>This lock no longer exists: it was deleted at %1. Its events stay in the history.</source>
        <translation>此锁已不存在：它于 %1 被删除。其事件仍保留在历史记录中。</translation>
    </message>
    <message>
        <source>This lock no longer exists: %1 deleted it at %2. Its events stay in the history.</source>
        <translation>此锁已不存在：%1 于 %2 删除了它。其事件仍保留在历史记录中。</translation>
    </message>
    <message>
        <source>This lock is not in the lock table shown (the filter may hide it, or it was removed without a record). Its recorded history follows.</source>
        <translation>此锁不在当前显示的锁表中（可能被过滤条件隐藏，或在没有记录的情况下被移除）。以下是它已记录的历史。</translation>
    </message>
    <message>
        <source>The newest %1 events are shown; older ones are not read.</source>
        <translation>仅显示最新的 %1 个事件；更早的事件未读取。</translation>
    </message>
    <message>
        <source>Show database session</source>
        <translation>显示数据库会话</translation>
    </message>
    <message>
        <source>The session that holds this lock&apos;s row locked, in the Database locks tab</source>
        <translation>在“数据库锁”标签页中查看锁定此锁所在行的会话</translation>
    </message>
    <message>
        <source>Row locked by another session; the database cannot tell which.</source>
        <translation>该行被另一个会话锁定；数据库无法确定是哪一个。</translation>
    </message>
    <message>
        <source>in a transaction</source>
        <translation>事务中</translation>
    </message>
    <message>
        <source>Row locked by session %1, %2 for %3</source>
        <translation>该行被会话 %1 锁定，%2，已持续 %3</translation>
    </message>
    <message>
        <source>Row locked by session %1, %2</source>
        <translation>该行被会话 %1 锁定，%2</translation>
    </message>
    <message>
        <source>%1 (perhaps: the database names the sessions that hold row locks, not which one holds this row)</source>
        <translation>%1（推测：数据库只给出持有行锁的会话，而不是具体哪一个持有这一行）</translation>
    </message>
    <message numerus="yes">
        <source>and %n other session(s)</source>
        <translation>
            <numerusform>另有 %n 个会话</numerusform>
        </translation>
    </message>
    <message>
        <source>Whether another session holds this lock&apos;s row locked could not be looked up: %1</source>
        <translation>无法查明是否有其他会话锁定了此锁所在的行：%1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Held by %1; the lease ends %2.</source>
        <translation>由 %1 持有；租约于 %2 结束。</translation>
    </message>
    <message>
        <source>Lockscope does not write it: %1</source>
        <translation>Lockscope 不写入此表：%1</translation>
    </message>
</context>
<context>
    <name>ui::LockMonitor</name>
    <message>
        <source>Connecting to %1…</source>
        <translation>正在连接 %1…</translation>
    </message>
    <message>
        <source>The database has not answered for %1 s. The window keeps working; the data shown may be out of date.</source>
        <translation>数据库已 %1 秒未响应。窗口仍可正常使用，但显示的数据可能已过时。</translation>
    </message>
    <message>
        <source>Connected to %1</source>
        <translation>已连接到 %1</translation>
    </message>
    <message>
        <source>%1 Not retrying until a password is given.</source>
        <translation>%1 在给出密码之前不再重试。</translation>
    </message>
    <message>
        <source>This connection is read-only: whoever may change the database can create it (Lock › Create schema… shows its DDL).</source>
        <translation>此连接是只读的：有权修改数据库的人可以创建它（锁 › 创建表结构… 会显示其 DDL）。</translation>
    </message>
    <message>
        <source>Create it with Lock › Create schema… (Ctrl+Shift+D), which also shows its DDL for your DBA.</source>
        <translation>请用 锁 › 创建表结构…（Ctrl+Shift+D）创建它，那里也会显示供 DBA 审阅的 DDL。</translation>
    </message>
    <message>
        <source>Connect again with the table %1 (File › Connect…).</source>
        <translation>请以表 %1 重新连接（文件 › 连接…）。</translation>
    </message>
    <message>
        <source>%1 Retrying by itself; F5 tries now.</source>
        <translation>%1 正在自动重试；按 F5 立即重试。</translation>
    </message>
</context>
<context>
    <name>ui::LockTableModel</name>
    <message>
        <source>%1 (local time)
%2 UTC</source>
        <translation>%1（本地时间）
%2 UTC</translation>
    </message>
    <message>
        <source>Free: nobody holds this lock.</source>
        <translation>空闲：没有人持有此锁。</translation>
    </message>
    <message>
        <source>Held by %1 until %2.</source>
        <translation>由 %1 持有，直到 %2。</translation>
    </message>
    <message>
        <source>Expired: the lease of %1 ended at %2. The next acquirer takes it over.</source>
        <translation>已过期：%1 的租约已于 %2 结束。下一个获取者将接管。</translation>
    </message>
    <message>
        <source>Nobody holds this lock.</source>
        <translation>没有人持有此锁。</translation>
    </message>
    <message>
        <source>Holder: %1</source>
        <translation>持有者：%1</translation>
    </message>
    <message>
        <source>Previous holder: %1</source>
        <translation>上一个持有者：%1</translation>
    </message>
    <message>
        <source>Re-entry depth: how many times the holder acquired the lock without releasing it.</source>
        <translation>重入深度：持有者在未释放的情况下获取该锁的次数。</translation>
    </message>
    <message>
        <source>Fencing token %1: grows by one on every change of holder and every force release. The protected resource refuses tokens lower than the highest it has seen.</source>
        <translation>栅栏令牌 %1：每次更换持有者和每次强制释放时加一。受保护的资源会拒绝低于其已见过的最大值的令牌。</translation>
    </message>
    <message>
        <source>Never acquired.</source>
        <translation>从未被获取。</translation>
    </message>
    <message>
        <source>Acquired at
%1</source>
        <translation>获取时间
%1</translation>
    </message>
    <message>
        <source>Released or expired at
%1</source>
        <translation>释放或过期时间
%1</translation>
    </message>
    <message>
        <source>Expires at
%1</source>
        <translation>过期时间
%1</translation>
    </message>
    <message>
        <source>Last renewed at
%1</source>
        <translation>上次续期时间
%1</translation>
    </message>
    <message>
        <source>No lease is running.</source>
        <translation>没有生效中的租约。</translation>
    </message>
    <message>
        <source>%1 left of a %2 lease, estimated in database time.
Expires at
%3</source>
        <translation>%2 的租约还剩 %1（按数据库时间估算）。
过期时间
%3</translation>
    </message>
    <message>
        <source>Default lease: %1</source>
        <translation>默认租约：%1</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Holder</source>
        <translation>持有者</translation>
    </message>
    <message>
        <source>Depth</source>
        <translation>深度</translation>
    </message>
    <message>
        <source>Fence</source>
        <translation>栅栏令牌</translation>
    </message>
    <message>
        <source>Acquired</source>
        <translation>获取时间</translation>
    </message>
    <message>
        <source>Expires</source>
        <translation>过期时间</translation>
    </message>
    <message>
        <source>Remaining</source>
        <translation>剩余时间</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>Database-clock time, shown in this machine&apos;s time zone</source>
        <translation>数据库时钟时间，按本机时区显示</translation>
    </message>
    <message>
        <source>Time left on the lease, counted down in estimated database time between refreshes</source>
        <translation>租约剩余时间，在两次刷新之间按估算的数据库时间倒计时</translation>
    </message>
    <message>
        <source>Fencing token: grows with every change of holder</source>
        <translation>栅栏令牌：每次更换持有者时递增</translation>
    </message>
    <message>
        <source>Lost owner: the holder %1 was process %2 on this machine, which no longer runs, so nobody will release the lock. The lease still runs until %3; a force release frees it now.</source>
        <translation>持有者已退出：持有者 %1 是本机上的进程 %2，该进程已不再运行，因此没有人会释放此锁。租约仍将持续到 %3；强制释放可立即释放此锁。</translation>
    </message>
    <message>
        <source>(unknown)</source>
        <translation>（未知）</translation>
    </message>
    <message>
        <source>no expiry</source>
        <translation>无过期</translation>
    </message>
    <message>
        <source>Held by %1. This table has no expiry: the lock stays held until it is released.</source>
        <translation>由 %1 持有。此表没有过期时间：锁会一直被持有，直到被释放。</translation>
    </message>
    <message>
        <source>an unrecorded holder</source>
        <translation>未记录的持有者</translation>
    </message>
    <message>
        <source>Nobody holds this lock now.</source>
        <translation>当前没有人持有此锁。</translation>
    </message>
    <message>
        <source>%1 has held this lock for %2, since
%3</source>
        <translation>%1 已持有此锁 %2，自
%3 起</translation>
    </message>
    <message>
        <source>A long hold: longer than the %1 set for locks named “%2” (View › Long holds).</source>
        <translation>长时间持有：超过了为名称匹配“%2”的锁设定的 %1（视图 › 长时间持有）。</translation>
    </message>
    <message>
        <source>Held for</source>
        <translation>已持有</translation>
    </message>
    <message>
        <source>How long the current holder has held the lock, in database time; long holds are highlighted (View › Long holds)</source>
        <translation>当前持有者已持有此锁多久（按数据库时间）；长时间持有会被高亮显示（视图 › 长时间持有）</translation>
    </message>
    <message>
        <source>%1 (ended)</source>
        <translation>%1（已结束）</translation>
    </message>
    <message>
        <source>%1 held this lock for %2, from
%3
until its lease ended at
%4.
Nobody holds it now; the next acquirer takes it over.</source>
        <translation>%1 持有此锁 %2，从
%3
直到租约于
%4
结束。
现在无人持有；下一个获取者将接管它。</translation>
    </message>
    <message>
        <source>%1 ago</source>
        <translation>%1前</translation>
    </message>
    <message>
        <source>Not renewing: %1 last renewed %2 ago, more than half of its %3 lease. The lease still runs until %4; a holder that renews in time never shows this. Is it hung?</source>
        <translation>未续期：%1 上次续期在 %2前，已超过其 %3 租约的一半。租约仍有效至 %4；按时续期的持有者不会出现此状态。它是否已挂起？</translation>
    </message>
    <message>
        <source>No renewal to show: the lock is free, or its table does not record renewals.</source>
        <translation>无续期可显示：锁空闲，或其表不记录续期。</translation>
    </message>
    <message>
        <source>Last renewed %1 ago, at
%2</source>
        <translation>上次续期在 %1前，时间
%2</translation>
    </message>
    <message>
        <source>Last renewed</source>
        <translation>上次续期</translation>
    </message>
    <message>
        <source>How long ago the holder last renewed its lease, in database time; a holder that has not renewed for more than half of its lease shows as not renewing</source>
        <translation>持有者距上次续期租约的时长（数据库时间）；超过租约一半时长未续期的持有者显示为未续期</translation>
    </message>
    <message>
        <source>Not confirmed since the last successful read, %1: the database is not being read now.</source>
        <translation>自上次成功读取（%1）以来未确认：当前未在读取数据库。</translation>
    </message>
    <message>
        <source>≥ %1</source>
        <translation>≥ %1</translation>
    </message>
    <message>
        <source>Held for at least %1: this table records no time, and Lockscope first saw the lock held at
%2</source>
        <translation>至少已持有 %1：此表不记录时间，Lockscope 首次观察到此锁被持有的时间为
%2</translation>
    </message>
</context>
<context>
    <name>ui::LockTablePanel</name>
    <message>
        <source>This table holds %L1 locks, too many to read at every refresh: it is read a window at a time. No lock matches the filter (the database applies it).</source>
        <translation>此表有 %L1 个锁，太多，无法每次刷新都全部读取：按窗口分段读取。没有锁与过滤条件匹配（过滤由数据库执行）。</translation>
    </message>
    <message>
        <source>This table holds %L1 locks, too many to read at every refresh: showing rows %L2–%L3 of %L1 %4, read from the database as you scroll.</source>
        <translation>此表有 %L1 个锁，太多，无法每次刷新都全部读取：%4显示第 %L2–%L3 行（共 %L1 行），滚动时从数据库读取。</translation>
    </message>
    <message>
        <source>This table holds %L1 locks, too many to read at every refresh: showing rows %L2–%L3 of the %L4 that match the filter, %5. The database applies the filter and the order; the rows are read as you scroll.</source>
        <translation>此表有 %L1 个锁，太多，无法每次刷新都全部读取：%5显示与过滤条件匹配的 %L4 行中的第 %L2–%L3 行。过滤和排序由数据库执行；滚动时读取这些行。</translation>
    </message>
</context>
<context>
    <name>ui::LockWindowModel</name>
    <message>
        <source>Not read yet: the rows of a large table are read from the database as you scroll to them.</source>
        <translation>尚未读取：大表的行在滚动到时才从数据库读取。</translation>
    </message>
</context>
<context>
    <name>ui::LongHoldDialog</name>
    <message>
        <source>Long holds</source>
        <translation>长时间持有</translation>
    </message>
    <message>
        <source>A hold longer than its threshold is highlighted in the Held for column. Patterns match whole lock names: * stands for any text, ? for one character. The first pattern that matches a name decides, so put narrower patterns above “*”. Durations as lockctl takes them: 90s, 30m, 1h30m, 2d.</source>
        <translation>持有时间超过阈值的锁会在“已持有”列中高亮显示。模式匹配完整的锁名：* 表示任意文本，? 表示一个字符。由第一个匹配名称的模式决定，因此请把范围更窄的模式放在“*”之上。时长写法与 lockctl 相同：90s、30m、1h30m、2d。</translation>
    </message>
    <message>
        <source>Lock name pattern</source>
        <translation>锁名模式</translation>
    </message>
    <message>
        <source>Longer than</source>
        <translation>超过</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>添加(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>移除(&amp;R)</translation>
    </message>
    <message>
        <source>Move &amp;up</source>
        <translation>上移(&amp;U)</translation>
    </message>
    <message>
        <source>Move do&amp;wn</source>
        <translation>下移(&amp;W)</translation>
    </message>
    <message>
        <source>Row %L1 has no pattern (use * for every lock).</source>
        <translation>第 %L1 行没有模式（用 * 表示所有锁）。</translation>
    </message>
    <message>
        <source>Row %L1: “%2” is not a duration such as 90s, 30m or 1h30m.</source>
        <translation>第 %L1 行：“%2”不是有效的时长，例如 90s、30m 或 1h30m。</translation>
    </message>
</context>
<context>
    <name>ui::MainWindow</name>
    <message>
        <source>No translation for %1 was found.</source>
        <translation>未找到 %1 的翻译。</translation>
    </message>
    <message>
        <source>About Lockscope</source>
        <translation>关于 Lockscope</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Lockscope&lt;/b&gt; %1&lt;/p&gt;&lt;p&gt;Monitor and manage distributed locks stored in database tables.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Lockscope&lt;/b&gt; %1&lt;/p&gt;&lt;p&gt;监控和管理存储在数据库表中的分布式锁。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Connect…</source>
        <translation>连接(&amp;C)…</translation>
    </message>
    <message>
        <source>Open another lock table</source>
        <translation>打开另一个锁表</translation>
    </message>
    <message>
        <source>Re&amp;fresh</source>
        <translation>刷新(&amp;F)</translation>
    </message>
    <message>
        <source>Read the lock table now</source>
        <translation>立即读取锁表</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Quit Lockscope</source>
        <translation>退出 Lockscope</translation>
    </message>
    <message>
        <source>&amp;About Lockscope</source>
        <translation>关于 Lockscope(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Lock</source>
        <translation>锁(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>F&amp;ilter:</source>
        <translation>过滤(&amp;I):</translation>
    </message>
    <message>
        <source>Name, holder or description</source>
        <translation>名称、持有者或描述</translation>
    </message>
    <message>
        <source>Refresh &amp;every:</source>
        <translation>刷新间隔(&amp;E):</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> 毫秒</translation>
    </message>
    <message>
        <source>The database answers again.</source>
        <translation>数据库已恢复响应。</translation>
    </message>
    <message>
        <source>Refreshed %1</source>
        <translation>刷新于 %1</translation>
    </message>
    <message>
        <source>Not connected. Choose Connect… to open a lock table, or File › Open the demo database to try Lockscope.</source>
        <translation>未连接。选择“连接…”以打开锁表，或选择“文件 › 打开演示数据库”来试用 Lockscope。</translation>
    </message>
    <message>
        <source>The demo database could not be opened</source>
        <translation>无法打开演示数据库</translation>
    </message>
    <message>
        <source>Open the &amp;demo database</source>
        <translation>打开演示数据库(&amp;D)</translation>
    </message>
    <message>
        <source>An embedded SQLite database with simulated clients, to try things safely</source>
        <translation>内置的 SQLite 数据库，带模拟客户端，可放心试用各项操作</translation>
    </message>
    <message>
        <source>The demo database %1 could not be prepared: %2</source>
        <translation>无法准备演示数据库 %1：%2</translation>
    </message>
    <message>
        <source>Demo (simulated clients) — %1</source>
        <translation>演示（模拟客户端）— %1</translation>
    </message>
    <message numerus="yes">
        <source>%n lock(s): %1 held, %2 expired, %3 free</source>
        <translation>
            <numerusform>%n 个锁：%1 个持有中，%2 个已过期，%3 个空闲</numerusform>
        </translation>
    </message>
    <message>
        <source>Database clock %1 ms from this computer&apos;s (±%2 ms)</source>
        <translation>数据库时钟与本机时钟相差 %1 毫秒（±%2 毫秒）</translation>
    </message>
    <message>
        <source>Only the database clock decides when a lease expires. The countdowns run on this computer&apos;s clock corrected by this offset.</source>
        <translation>租约何时过期只由数据库时钟决定。倒计时按本机时钟运行，并用此偏差加以校正。</translation>
    </message>
    <message>
        <source>This is the demo database: simulated clients take and give back its locks, and now and then one “crashes” so that its lease expires. Try a test-acquire or a force release.</source>
        <translation>这是演示数据库：模拟客户端会获取并归还其中的锁，偶尔会有客户端“崩溃”，使其租约过期。可以试试测试获取或强制释放。</translation>
    </message>
    <message>
        <source>Locks</source>
        <translation>锁</translation>
    </message>
    <message>
        <source>Simulator</source>
        <translation>模拟器</translation>
    </message>
    <message>
        <source>&amp;Application lock tables</source>
        <translation>应用锁表(&amp;A)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>This database also has lock tables of other applications: %1. Open one from File ▸ Application lock tables to see and manage its locks the way that application does.</source>
        <translation>此数据库中还有其他应用的锁表：%1。可从“文件 ▸ 应用锁表”打开，按该应用的方式查看和管理其中的锁。</translation>
    </message>
    <message>
        <source>Lockscope&apos;s table (%1)</source>
        <translation>Lockscope 的表（%1）</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Database locks</source>
        <translation>数据库锁</translation>
    </message>
    <message>
        <source>%1 — %2 (%3)</source>
        <translation>%1 — %2（%3）</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>密码</translation>
    </message>
    <message>
        <source>The server refused the login of &quot;%1&quot; at %2.
Password:</source>
        <translation>服务器拒绝了“%1”在 %2 的登录。
密码：</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message>
        <source>&amp;User guide: a lock is stuck…</source>
        <translation>用户指南：锁卡住了(&amp;U)…</translation>
    </message>
    <message>
        <source>&amp;Export locks…</source>
        <translation>导出锁(&amp;E)…</translation>
    </message>
    <message>
        <source>Save the locks the table shows (after the filter) as CSV or JSON</source>
        <translation>将表格当前显示的锁（过滤后）保存为 CSV 或 JSON</translation>
    </message>
    <message>
        <source>The locks could not be exported to %1: %2</source>
        <translation>无法将锁导出到 %1：%2</translation>
    </message>
    <message>
        <source>Export locks</source>
        <translation>导出锁</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>JSON, as lockctl list --json (*.json)</source>
        <translation>JSON，与 lockctl list --json 相同 (*.json)</translation>
    </message>
    <message>
        <source>Read-only</source>
        <translation>只读</translation>
    </message>
    <message>
        <source>This connection only looks: the window offers no action that changes the database, and the database session itself is read-only.</source>
        <translation>此连接只用于查看：窗口不提供任何会修改数据库的操作，数据库会话本身也是只读的。</translation>
    </message>
    <message>
        <source>New &amp;window</source>
        <translation>新建窗口(&amp;W)</translation>
    </message>
    <message>
        <source>Another window, to watch a second database beside this one</source>
        <translation>再打开一个窗口，在旁边查看另一个数据库</translation>
    </message>
    <message>
        <source>&amp;Long holds…</source>
        <translation>长时间持有(&amp;L)…</translation>
    </message>
    <message>
        <source>Set how long a hold may last, per lock name pattern, before the Held for column highlights it</source>
        <translation>按锁名模式设置持有多久后在“已持有”列中高亮显示</translation>
    </message>
    <message>
        <source>&amp;Columns</source>
        <translation>列(&amp;C)</translation>
    </message>
    <message>
        <source>State filter</source>
        <translation>状态过滤</translation>
    </message>
    <message>
        <source>Reading the %L1 matching locks from the database to export them…</source>
        <translation>正在从数据库读取 %L1 个匹配的锁以便导出…</translation>
    </message>
    <message numerus="yes">
        <source>Exported %Ln lock(s) to %1.</source>
        <translation>
            <numerusform>已将 %Ln 个锁导出到 %1。</numerusform>
        </translation>
    </message>
    <message>
        <source>The locks could not be read for the export: %1</source>
        <translation>无法读取要导出的锁：%1</translation>
    </message>
    <message>
        <source>Your test hold on &quot;%1&quot; (fence %2) lapsed: no renewal was confirmed before its lease ended on this computer&apos;s clock. It is no longer yours to renew; it was released if it still was. Test-acquire it again for a new fence.</source>
        <translation>你对“%1”的测试持有（栅栏令牌 %2）已失效：按本机时钟，租约结束前没有续约被确认。它不再归你续约；如果仍属于你，已将其释放。请再次测试获取以得到新的栅栏令牌。</translation>
    </message>
    <message numerus="yes">
        <source>%1 shown of %n lock(s): %2 held, %3 expired, %4 free</source>
        <translation>
            <numerusform>显示 %1 个，共 %n 个锁：%2 个持有中，%3 个已过期，%4 个空闲</numerusform>
        </translation>
    </message>
    <message>
        <source>As of %1: %2</source>
        <translation>截至 %1：%2</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is no longer in the table.</source>
        <translation>“%1”已不在表中。</translation>
    </message>
    <message>
        <source>Open mapping</source>
        <translation>打开映射</translation>
    </message>
    <message>
        <source>Lock table mapping (*.json)</source>
        <translation>锁表映射 (*.json)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <source>Connect to the database first (File ▸ Connect), then open the mapping.</source>
        <translation>请先连接数据库（文件 ▸ 连接），再打开映射。</translation>
    </message>
    <message>
        <source>Opening %1 with the mapping %2…</source>
        <translation>正在以映射 %2 打开 %1…</translation>
    </message>
    <message>
        <source>the table %1 was not found.</source>
        <translation>未找到表 %1。</translation>
    </message>
    <message>
        <source>The mapping %1 was not applied; still showing %2. %3</source>
        <translation>未应用映射 %1；仍显示 %2。%3</translation>
    </message>
    <message>
        <source>Opened %1 with the mapping %2.</source>
        <translation>已以映射 %2 打开 %1。</translation>
    </message>
    <message>
        <source>Open &amp;mapping…</source>
        <translation>打开映射(&amp;M)…</translation>
    </message>
    <message>
        <source>Show this database&apos;s table of another application, mapped by a JSON file (as lockctl --profile FILE.json)</source>
        <translation>显示此数据库中另一个应用的表，按 JSON 文件映射（同 lockctl --profile FILE.json）</translation>
    </message>
    <message>
        <source>&lt;p&gt;Free software: lockscope and lockctl under the GNU GPL, version 3 or later; the lockcore library under the Apache License 2.0; the documentation under CC BY 4.0.&lt;/p&gt;</source>
        <translation>&lt;p&gt;自由软件：lockscope 和 lockctl 采用 GNU GPL 第 3 版或更高版本；lockcore 库采用 Apache License 2.0；文档采用 CC BY 4.0。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>ui::MappingFile</name>
    <message>
        <source>The mapping file %1 is not a valid mapping: %2</source>
        <translation>映射文件 %1 不是有效的映射：%2</translation>
    </message>
</context>
<context>
    <name>ui::MessageBar</name>
    <message>
        <source>Hide this message</source>
        <translation>隐藏此消息</translation>
    </message>
</context>
<context>
    <name>ui::NativeLocksModel</name>
    <message>
        <source>held</source>
        <translation>持有中</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>%1 (this connection)</source>
        <translation>%1（本连接）</translation>
    </message>
    <message>
        <source>session started %1</source>
        <translation>会话开始于 %1</translation>
    </message>
    <message>
        <source>transaction started %1</source>
        <translation>事务开始于 %1</translation>
    </message>
    <message>
        <source>state since %1</source>
        <translation>当前状态始于 %1</translation>
    </message>
    <message>
        <source>waiting since %1</source>
        <translation>开始等待于 %1</translation>
    </message>
    <message>
        <source>state: %1</source>
        <translation>状态：%1</translation>
    </message>
    <message>
        <source>Waiting: %1</source>
        <translation>等待者：%1</translation>
    </message>
    <message>
        <source>Database: %1</source>
        <translation>数据库：%1</translation>
    </message>
    <message>
        <source>Lock key</source>
        <translation>锁键</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Session (pid)</source>
        <translation>会话（pid）</translation>
    </message>
    <message>
        <source>User</source>
        <translation>用户</translation>
    </message>
    <message>
        <source>Application</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>客户端</translation>
    </message>
    <message>
        <source>Since</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>Waiting sessions</source>
        <translation>等待的会话</translation>
    </message>
    <message>
        <source>%1 (Lockscope wake-up lock of &quot;%2&quot;)</source>
        <translation>%1（Lockscope 对“%2”的唤醒锁）</translation>
    </message>
    <message>
        <source>Lockscope holds this lock while it holds &quot;%1&quot; in the lock table, so that waiters for &quot;%1&quot; queue in the database. The release frees it.</source>
        <translation>Lockscope 持有锁表中的“%1”期间同时持有此锁，使等待“%1”的客户端在数据库中排队。释放时一并释放。</translation>
    </message>
    <message>
        <source>no database lock: the holder of &quot;%1&quot;</source>
        <translation>无数据库锁：“%1”的持有者</translation>
    </message>
    <message>
        <source>connected</source>
        <translation>已连接</translation>
    </message>
    <message>
        <source>%1 (Lockscope)</source>
        <translation>%1（Lockscope）</translation>
    </message>
    <message>
        <source>A connection of Lockscope&apos;s own: a window, lockctl, or an application using lockcore. Ending it ends that program&apos;s holds.</source>
        <translation>Lockscope 自己的连接：窗口、lockctl，或使用 lockcore 的应用。结束它即结束该程序的持有。</translation>
    </message>
</context>
<context>
    <name>ui::NativeLocksPanel</name>
    <message>
        <source>Terminating %1…</source>
        <translation>正在终止 %1…</translation>
    </message>
    <message>
        <source>Terminated: %1 The lock is free now.</source>
        <translation>已终止：%1 该锁现已空闲。</translation>
    </message>
    <message>
        <source>Terminated: %1</source>
        <translation>已终止：%1</translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation>已拒绝：%1</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>&amp;Terminate holding session…</source>
        <translation>终止持有会话(&amp;T)…</translation>
    </message>
    <message>
        <source>End the database session that holds the selected lock (only if it still holds it), with a reason for the audit</source>
        <translation>结束持有所选锁的数据库会话（仅当它仍持有该锁时），并填写用于审计的原因</translation>
    </message>
    <message>
        <source>Not connected.</source>
        <translation>未连接。</translation>
    </message>
    <message>
        <source>SQLite has no such locks: it has no advisory or user locks that sessions hold, so there is nothing to show here. Lockscope&apos;s own lock table is in the Locks tab.</source>
        <translation>SQLite 没有这类锁：它没有由会话持有的咨询锁或用户锁，因此这里没有可显示的内容。Lockscope 自己的锁表在“锁”标签页中。</translation>
    </message>
    <message>
        <source>The database&apos;s locks could not be read: %1</source>
        <translation>无法读取数据库的锁：%1</translation>
    </message>
    <message>
        <source>Reading the database&apos;s own locks…</source>
        <translation>正在读取数据库自身的锁…</translation>
    </message>
    <message>
        <source>pg_locks joined with pg_stat_activity</source>
        <translation>pg_locks 关联 pg_stat_activity</translation>
    </message>
    <message>
        <source>performance_schema.metadata_locks joined with the processlist</source>
        <translation>performance_schema.metadata_locks 关联进程列表</translation>
    </message>
    <message>
        <source>information_schema.METADATA_LOCK_INFO joined with the processlist</source>
        <translation>information_schema.METADATA_LOCK_INFO 关联进程列表</translation>
    </message>
    <message numerus="yes">
        <source>Advisory and user locks from %1, read at %2 (database clock); %n row(s).</source>
        <translation>
            <numerusform>咨询锁和用户锁来自 %1，读取于 %2（数据库时钟）；共 %n 行。</numerusform>
        </translation>
    </message>
    <message>
        <source>Read-only connection: terminating sessions is not offered.</source>
        <translation>只读连接：不提供终止会话。</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <source>Look up &amp;names:</source>
        <translation>按名称查找(&amp;N)：</translation>
    </message>
    <message>
        <source>user-lock names, separated by commas</source>
        <translation>用户锁名称，以逗号分隔</translation>
    </message>
    <message>
        <source>Names looked up with IS_USED_LOCK on every read, besides what the server lists: the only way to see a user lock on a server without performance_schema or the metadata_lock_info plugin</source>
        <translation>每次读取时用 IS_USED_LOCK 查找这些名称，作为服务器所列内容的补充：在没有 performance_schema 或 metadata_lock_info 插件的服务器上，这是查看用户锁的唯一方法</translation>
    </message>
    <message>
        <source>The session of the holder of &quot;%1&quot; cannot be shown: SQLite has no database sessions (a holder is a process that opens the file).</source>
        <translation>无法显示“%1”持有者的会话：SQLite 没有数据库会话（持有者就是打开该文件的进程）。</translation>
    </message>
    <message>
        <source>Looking for the session of the holder of &quot;%1&quot;…</source>
        <translation>正在查找“%1”持有者的会话…</translation>
    </message>
    <message>
        <source>The session of the holder of &quot;%1&quot; cannot be shown: %2</source>
        <translation>无法显示“%1”持有者的会话：%2</translation>
    </message>
    <message>
        <source>The holder of &quot;%1&quot; is connected as %2.</source>
        <translation>“%1”的持有者已连接：%2。</translation>
    </message>
    <message numerus="yes">
        <source>It has %n session(s) in all.</source>
        <translation>
            <numerusform>它共有 %n 个会话。</numerusform>
        </translation>
    </message>
    <message>
        <source>The session of the holder of &quot;%1&quot; could not be looked up: %2</source>
        <translation>无法查找“%1”持有者的会话：%2</translation>
    </message>
    <message>
        <source>Read-only connection: cancelling and terminating sessions is not offered.</source>
        <translation>只读连接：不提供取消语句和终止会话。</translation>
    </message>
    <message>
        <source>A cancel or terminate is under way.</source>
        <translation>正在进行取消或终止操作。</translation>
    </message>
    <message>
        <source>Select a session in the tree first.</source>
        <translation>请先在树中选择一个会话。</translation>
    </message>
    <message>
        <source>The last refresh failed: the session may have changed since it was shown.</source>
        <translation>上次刷新失败：会话在显示之后可能已发生变化。</translation>
    </message>
    <message>
        <source>Session %1 is the connection this tab reads with.</source>
        <translation>会话 %1 是本标签页用于读取的连接。</translation>
    </message>
    <message>
        <source>Session %1 is one of Lockscope&apos;s own connections (lockctl or a Lockscope window): end it where it runs.</source>
        <translation>会话 %1 是 Lockscope 自己的连接之一（lockctl 或某个 Lockscope 窗口）：请在它运行的地方结束它。</translation>
    </message>
    <message>
        <source>The read named session %1 as a blocker but could not describe it (it may have ended just now): refresh first.</source>
        <translation>读取结果把会话 %1 列为阻塞者，但无法给出它的详情（它可能刚刚已结束）：请先刷新。</translation>
    </message>
    <message>
        <source>Session %1 runs no statement (%2): there is nothing to cancel. Terminate the session to end its transaction.</source>
        <translation>会话 %1 没有在执行语句（%2）：没有可取消的内容。要结束其事务，请终止该会话。</translation>
    </message>
    <message>
        <source>Cancel the running statement of the selected session; the session and its transaction live on</source>
        <translation>取消所选会话正在执行的语句；会话及其事务会继续存在</translation>
    </message>
    <message>
        <source>End the selected session: its transaction is rolled back and its locks are freed</source>
        <translation>结束所选会话：其事务被回滚，其锁被释放</translation>
    </message>
    <message>
        <source>Cancelling the statement of %1…</source>
        <translation>正在取消%1的语句…</translation>
    </message>
    <message>
        <source>Done: %1</source>
        <translation>已完成：%1</translation>
    </message>
    <message>
        <source>Who blocks whom: a deadlock, sessions wait for each other</source>
        <translation>谁阻塞了谁：死锁，会话在互相等待</translation>
    </message>
    <message>
        <source>Who blocks whom</source>
        <translation>谁阻塞了谁</translation>
    </message>
    <message>
        <source>Advisory and user locks</source>
        <translation>咨询锁和用户锁</translation>
    </message>
    <message>
        <source>Cancel statement…</source>
        <translation>取消语句…</translation>
    </message>
    <message>
        <source>Terminate session…</source>
        <translation>终止会话…</translation>
    </message>
    <message>
        <source>Who blocks whom: not read yet.</source>
        <translation>谁阻塞了谁：尚未读取。</translation>
    </message>
    <message>
        <source>Nothing blocks: no session waits for a lock of the database&apos;s own.</source>
        <translation>没有阻塞：没有会话在等待数据库自身的锁。</translation>
    </message>
    <message>
        <source>The last refresh failed: %1 What is shown is as of %2 (database clock), greyed: it may have changed since.</source>
        <translation>上次刷新失败：%1 显示的是截至 %2（数据库时钟）的内容，已置灰：此后可能已有变化。</translation>
    </message>
</context>
<context>
    <name>ui::NativeLocksWorker</name>
    <message>
        <source>Not connected.</source>
        <translation>未连接。</translation>
    </message>
</context>
<context>
    <name>ui::PasswordVault</name>
    <message>
        <source>Lockscope was built without QtKeychain, so it cannot use the system keychain.</source>
        <translation>Lockscope 构建时未包含 QtKeychain，因此无法使用系统钥匙串。</translation>
    </message>
</context>
<context>
    <name>ui::ProblemAlerts</name>
    <message>
        <source>A lock needs you: %1</source>
        <translation>有锁需要处理：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n lock problem(s)</source>
        <translation>
            <numerusform>%n 个锁出现问题</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: %2 (holder %3)</source>
        <translation>%1：%2（持有者 %3）</translation>
    </message>
    <message numerus="yes">
        <source>and %n more</source>
        <translation>
            <numerusform>另有 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>Needs you: %1</source>
        <translation>需要处理：%1</translation>
    </message>
</context>
<context>
    <name>ui::ReasonedActionDialog</name>
    <message>
        <source>Why, for the audit trail (required)</source>
        <translation>原因，将记入审计日志（必填）</translation>
    </message>
    <message>
        <source>&amp;Reason:</source>
        <translation>原因(&amp;R):</translation>
    </message>
    <message>
        <source>Give a reason first: it is recorded with your name. Esc cancels.</source>
        <translation>请先填写原因：它会与您的名字一起记录。按 Esc 取消。</translation>
    </message>
    <message>
        <source>Enter does not confirm this: click %1 (or Tab to it and press Space). Esc cancels.</source>
        <translation>回车不会确认此操作：请点击“%1”（或用 Tab 移到它再按空格）。Esc 取消。</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Database:</source>
        <translation>数据库：</translation>
    </message>
</context>
<context>
    <name>ui::RefreshPauseBadge</name>
    <message>
        <source>Refresh paused</source>
        <translation>刷新已暂停</translation>
    </message>
    <message>
        <source>The lock table is not read while paused: what it shows may be out of date. View › Pause refresh again reads it at once.</source>
        <translation>暂停期间不读取锁表：显示的内容可能已过时。再次选择“视图 › 暂停刷新”会立即读取。</translation>
    </message>
    <message>
        <source>&amp;Pause refresh</source>
        <translation>暂停刷新(&amp;P)</translation>
    </message>
    <message>
        <source>Stop reading the lock table until resumed, to look at it as it is (%1)</source>
        <translation>停止读取锁表直到恢复，以便查看当前的样子（%1）</translation>
    </message>
</context>
<context>
    <name>ui::ResultWatch</name>
    <message>
        <source>Outdated: &quot;%1&quot; has changed since; %2</source>
        <translation>已过时：“%1”此后已变化；%2</translation>
    </message>
    <message>
        <source>it is no longer in the table.</source>
        <translation>它已不在表中。</translation>
    </message>
    <message>
        <source>it is free now (fence %1).</source>
        <translation>它现在空闲（栅栏令牌 %1）。</translation>
    </message>
    <message>
        <source>it is held by %1 now (fence %2).</source>
        <translation>它现在由 %1 持有（栅栏令牌 %2）。</translation>
    </message>
</context>
<context>
    <name>ui::RetryCountdown</name>
    <message>
        <source>Next try in %1 s — F5 tries now</source>
        <translation>%1 秒后重试 — 按 F5 立即重试</translation>
    </message>
</context>
<context>
    <name>ui::SameHolderAction</name>
    <message>
        <source>Show the locks of the &amp;holder</source>
        <translation>显示该持有者的锁(&amp;H)</translation>
    </message>
    <message>
        <source>Filter the table to the locks of the selected lock&apos;s holder</source>
        <translation>将表格过滤为所选锁持有者的锁</translation>
    </message>
</context>
<context>
    <name>ui::SchemaDialog</name>
    <message>
        <source>Create schema — %1</source>
        <translation>创建表结构 — %1</translation>
    </message>
    <message>
        <source>These statements create the lock table and its event table if they do not exist. They change nothing that exists already.</source>
        <translation>这些语句会在锁表及其事件表不存在时创建它们，不会更改任何已存在的对象。</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Run now</source>
        <translation>立即执行(&amp;R)</translation>
    </message>
</context>
<context>
    <name>ui::SimCharts</name>
    <message>
        <source>Acquisitions</source>
        <translation>获取次数</translation>
    </message>
    <message>
        <source>Throughput (acquisitions per second)</source>
        <translation>吞吐量（每秒获取次数）</translation>
    </message>
    <message>
        <source>Wait for the lock (ms)</source>
        <translation>等待锁的时间（毫秒）</translation>
    </message>
    <message>
        <source>Acquisitions per client</source>
        <translation>各客户端的获取次数</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>client</source>
        <translation>客户端</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p95</source>
        <translation>p95</translation>
    </message>
    <message>
        <source>p99</source>
        <translation>p99</translation>
    </message>
    <message>
        <source>No data yet</source>
        <translation>暂无数据</translation>
    </message>
</context>
<context>
    <name>ui::SimSettingsForm</name>
    <message>
        <source> ms</source>
        <translation> 毫秒</translation>
    </message>
    <message>
        <source>&amp;Clients:</source>
        <translation>客户端数(&amp;C):</translation>
    </message>
    <message>
        <source>Simulated clients, each a thread with its own connection</source>
        <translation>模拟客户端，每个都是使用独立连接的线程</translation>
    </message>
    <message>
        <source>Loc&amp;ks:</source>
        <translation>锁数(&amp;K):</translation>
    </message>
    <message>
        <source>Locks the clients compete for</source>
        <translation>客户端争用的锁</translation>
    </message>
    <message>
        <source>&amp;Lease (TTL):</source>
        <translation>租约时长（TTL）(&amp;L):</translation>
    </message>
    <message>
        <source>The lease of every grant</source>
        <translation>每次获取锁时授予的租约时长</translation>
    </message>
    <message>
        <source>&amp;Hold time:</source>
        <translation>持有时长(&amp;H):</translation>
    </message>
    <message>
        <source>How long a client works while it holds a lock</source>
        <translation>客户端持有锁期间工作的时长</translation>
    </message>
    <message>
        <source>Fixed</source>
        <translation>固定值</translation>
    </message>
    <message>
        <source>Uniform between min and max</source>
        <translation>在最小值与最大值之间均匀分布</translation>
    </message>
    <message>
        <source>Exponential with this mean</source>
        <translation>以此为均值的指数分布</translation>
    </message>
    <message>
        <source>Hold mean:</source>
        <translation>持有时长均值:</translation>
    </message>
    <message>
        <source>Hold min:</source>
        <translation>持有时长最小值:</translation>
    </message>
    <message>
        <source>Hold max:</source>
        <translation>持有时长最大值:</translation>
    </message>
    <message>
        <source>&amp;Think time:</source>
        <translation>思考时间(&amp;T):</translation>
    </message>
    <message>
        <source>The pause between a client&apos;s holds</source>
        <translation>客户端两次持有之间的停顿</translation>
    </message>
    <message>
        <source>&amp;Retry interval:</source>
        <translation>重试间隔(&amp;R):</translation>
    </message>
    <message>
        <source>A waiting client&apos;s first pause before it tries again</source>
        <translation>等待中的客户端再次尝试之前的首次停顿</translation>
    </message>
    <message>
        <source>Retry &amp;backoff:</source>
        <translation>重试退避系数(&amp;B):</translation>
    </message>
    <message>
        <source>How much each pause grows</source>
        <translation>每次停顿时长的增长倍数</translation>
    </message>
    <message>
        <source>Retry &amp;jitter:</source>
        <translation>重试抖动(&amp;J):</translation>
    </message>
    <message>
        <source>Random spread of each pause, 0 to 1</source>
        <translation>每次停顿时长的随机浮动幅度，0 到 1</translation>
    </message>
    <message>
        <source>Retry &amp;deadline:</source>
        <translation>重试时限(&amp;D):</translation>
    </message>
    <message>
        <source>A client gives up waiting after this long and counts a failed attempt</source>
        <translation>客户端等待超过此时长后放弃，并计为一次失败尝试</translation>
    </message>
    <message>
        <source>D&amp;uration:</source>
        <translation>运行时长(&amp;U):</translation>
    </message>
    <message>
        <source>The run stops after this long</source>
        <translation>运行达到此时长后停止</translation>
    </message>
    <message>
        <source>Cr&amp;ash rate:</source>
        <translation>崩溃率(&amp;A):</translation>
    </message>
    <message>
        <source>Chance per hold that the holder vanishes without releasing</source>
        <translation>每次持有中，持有者未释放就消失的概率</translation>
    </message>
    <message>
        <source>&amp;Pause rate:</source>
        <translation>暂停率(&amp;P):</translation>
    </message>
    <message>
        <source>Chance per hold that the holder freezes past its lease, then writes late</source>
        <translation>每次持有中，持有者冻结至租约过期之后、随后延迟写入的概率</translation>
    </message>
    <message>
        <source>Pr&amp;otocol:</source>
        <translation>协议(&amp;O):</translation>
    </message>
    <message>
        <source>Unsafe: no expiry</source>
        <translation>不安全：无过期</translation>
    </message>
    <message>
        <source>Unsafe: client clock</source>
        <translation>不安全：客户端时钟</translation>
    </message>
    <message>
        <source>A broken baseline: a crashed holder blocks the lock for ever</source>
        <translation>有缺陷的基线：崩溃的持有者会永久阻塞该锁</translation>
    </message>
    <message>
        <source>A broken baseline: expiry from skewed client clocks, no fence: holds overlap</source>
        <translation>有缺陷的基线：按有偏差的客户端时钟计算过期，没有栅栏令牌：持有会相互重叠</translation>
    </message>
    <message>
        <source>Unsafe client clock: each client&apos;s clock is off by up to plus or minus this</source>
        <translation>不安全的客户端时钟：每个客户端的时钟最多偏差正负此值</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>随机种子(&amp;E):</translation>
    </message>
    <message>
        <source>The same seed makes the same random choices</source>
        <translation>相同的种子产生相同的随机选择</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Hold for:</source>
        <translation>持有时长:</translation>
    </message>
    <message>
        <source>lockcore (leases and fencing tokens)</source>
        <translation>lockcore（租约和栅栏令牌）</translation>
    </message>
    <message>
        <source>The real library: leases on the database clock, a fencing token with every grant</source>
        <translation>真正的库：基于数据库时钟的租约，每次授予都带栅栏令牌</translation>
    </message>
    <message>
        <source>Clock ske&amp;w:</source>
        <translation>时钟偏差(&amp;W):</translation>
    </message>
    <message>
        <source>Other &amp;nodes:</source>
        <translation>其他节点(&amp;N):</translation>
    </message>
    <message>
        <source>&lt;p&gt;The other nodes of a cluster whose node 1 is the connected database, one URL per line. Client i runs on node i mod n, so the clients are spread over all of them. A URL without a password uses node 1&apos;s.&lt;/p&gt;</source>
        <translation>&lt;p&gt;以所连接的数据库为节点 1 的集群中的其他节点，每行一个 URL。客户端 i 运行在节点 i mod n 上，因此客户端分布在所有节点上。没有密码的 URL 使用节点 1 的密码。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>One URL per line; empty: node 1 only</source>
        <translation>每行一个 URL；留空：只用节点 1</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;lockcore&lt;/b&gt;: the real library: leases on the database clock and a fencing token with every grant.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Unsafe: no expiry&lt;/b&gt;: insert a row to lock, delete it to unlock. A crashed holder blocks the lock for ever.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Unsafe: client clock&lt;/b&gt;: each client computes expiry from its own, skewed clock, without a fence, and unlocks without checking the owner: holds overlap.&lt;/p&gt;&lt;p&gt;&lt;b&gt;for-update&lt;/b&gt;: SELECT ... FOR UPDATE in a transaction held open for the critical section, COMMIT to unlock. Safe on one server; on a Galera cluster a row lock on one node does not block another node. Not on SQLite.&lt;/p&gt;&lt;p&gt;The baselines show what the verdict catches.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;lockcore&lt;/b&gt;：真正的库：租约基于数据库时钟，每次获取都附带栅栏令牌。&lt;/p&gt;&lt;p&gt;&lt;b&gt;不安全：无过期&lt;/b&gt;：插入一行即加锁，删除该行即解锁。崩溃的持有者会永久阻塞该锁。&lt;/p&gt;&lt;p&gt;&lt;b&gt;不安全：客户端时钟&lt;/b&gt;：每个客户端按自己有偏差的时钟计算过期时间，不使用栅栏令牌，解锁时也不检查持有者：持有会相互重叠。&lt;/p&gt;&lt;p&gt;&lt;b&gt;for-update&lt;/b&gt;：在整个临界区内保持打开的事务中执行 SELECT ... FOR UPDATE，COMMIT 即解锁。在单台服务器上是安全的；在 Galera 集群上，一个节点上的行锁不会阻塞另一个节点。SQLite 不支持。&lt;/p&gt;&lt;p&gt;这些基线用于展示判定能发现哪些问题。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>for-update (SELECT ... FOR UPDATE)</source>
        <translation>for-update（SELECT ... FOR UPDATE）</translation>
    </message>
    <message>
        <source>Seed 003&apos;s lock: a row lock held by an open transaction; no lease, no fence</source>
        <translation>种子文章 003 的锁：由打开的事务持有的行锁；没有租约，没有栅栏令牌</translation>
    </message>
</context>
<context>
    <name>ui::SimTimelineWidget</name>
    <message>
        <source>No holds yet</source>
        <translation>尚无持有记录</translation>
    </message>
    <message>
        <source>0 s</source>
        <translation>0 秒</translation>
    </message>
    <message>
        <source>hold (colour: client)</source>
        <translation>持有（颜色：客户端）</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>已崩溃</translation>
    </message>
    <message>
        <source>lost (paused past its lease)</source>
        <translation>已丢失（暂停至租约过期之后）</translation>
    </message>
    <message>
        <source>%1 @node%2</source>
        <translation>%1 @节点%2</translation>
    </message>
    <message>
        <source>c%1@node%2</source>
        <translation>c%1@节点%2</translation>
    </message>
    <message>
        <source>did not commit</source>
        <translation>未提交</translation>
    </message>
    <message>
        <source>overlap</source>
        <translation>重叠</translation>
    </message>
    <message>
        <source>One lane per lock (per lock and node when the clients are spread over nodes), one bar per hold, coloured by client. A red cross: the holder crashed. Hatched: the holder paused past its lease. A dark red strip along the bottom: its transaction did not commit. Tinted red, with a red line along the top: holds of that lock overlap there.</source>
        <translation>每个锁一条泳道（客户端分布在多个节点上时，每个锁的每个节点各一条），每次持有一个条形，颜色表示客户端。红叉：持有者已崩溃。斜线填充：持有者暂停至租约过期之后。底部的深红条：其事务未能提交。红色底纹加顶部红线：该锁的持有在此处重叠。</translation>
    </message>
</context>
<context>
    <name>ui::SimulatorPanel</name>
    <message>
        <source>Preparing the tables %1…</source>
        <translation>正在准备表 %1…</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <source>The run failed.</source>
        <translation>运行失败。</translation>
    </message>
    <message>
        <source>No run has finished yet.</source>
        <translation>尚无已完成的运行。</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Export the summary</source>
        <translation>导出摘要</translation>
    </message>
    <message>
        <source>Export the history</source>
        <translation>导出历史记录</translation>
    </message>
    <message>
        <source>The export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>Exported to %1.</source>
        <translation>已导出到 %1。</translation>
    </message>
    <message>
        <source>Connect to a database to run the simulator.</source>
        <translation>连接到数据库后即可运行模拟器。</translation>
    </message>
    <message>
        <source>Read-only connection: the simulator writes its own tables (%1, %1_event, %1_resource, %1_unsafe), so it cannot run here.</source>
        <translation>只读连接：模拟器需要写入它自己的表（%1、%1_event、%1_resource、%1_unsafe），因此无法在此运行。</translation>
    </message>
    <message>
        <source>Runs against %1, in its own tables %2*; your locks are not touched.</source>
        <translation>在 %1 上运行，使用其自己的表 %2*；不会触及您的锁。</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>开始(&amp;S)</translation>
    </message>
    <message>
        <source>Run the simulated clients against the connected database</source>
        <translation>让模拟客户端在已连接的数据库上运行</translation>
    </message>
    <message>
        <source>St&amp;op</source>
        <translation>停止(&amp;O)</translation>
    </message>
    <message>
        <source>Stop the run; what it recorded so far is still checked</source>
        <translation>停止运行；已记录的内容仍会接受检查</translation>
    </message>
    <message>
        <source>Export &amp;history…</source>
        <translation>导出历史记录(&amp;H)…</translation>
    </message>
    <message>
        <source>Every hold and write of the last run, as JSON or CSV</source>
        <translation>上次运行中的每次持有和写入，格式为 JSON 或 CSV</translation>
    </message>
    <message>
        <source>Export s&amp;ummary…</source>
        <translation>导出摘要(&amp;U)…</translation>
    </message>
    <message>
        <source>The verdict and the metrics of the last run, as JSON or CSV</source>
        <translation>上次运行的判定结果和指标，格式为 JSON 或 CSV</translation>
    </message>
    <message>
        <source>Who held each lock when</source>
        <translation>各锁在各时段的持有者</translation>
    </message>
    <message>
        <source>%1: %L2 acquisitions, %L3 failed attempts, %L4 crashes, %L5 pauses</source>
        <translation>%1：获取 %L2 次，失败尝试 %L3 次，崩溃 %L4 次，暂停 %L5 次</translation>
    </message>
    <message>
        <source>Finished after %1.</source>
        <translation>运行 %1 后结束。</translation>
    </message>
    <message>
        <source>%L1 acquisitions, %L2 per second; wait p50 %L3 ms, p95 %L4 ms, p99 %L5 ms; hand-off p50 %L6 ms; locks held %L7% of the time; fairness %L8; %L9 failed attempts, %L10 expiries, %L11 takeovers, %L12 crashes, %L13 pauses, %L14 stale writes refused.</source>
        <translation>获取 %L1 次，每秒 %L2 次；等待 p50 %L3 毫秒，p95 %L4 毫秒，p99 %L5 毫秒；交接 p50 %L6 毫秒；锁被持有的时间占 %L7%；公平性 %L8；失败尝试 %L9 次，过期 %L10 次，接管 %L11 次，崩溃 %L12 次，暂停 %L13 次，拒绝过期写入 %L14 次。</translation>
    </message>
    <message numerus="yes">
        <source>%Ln grant(s) came before the previous holder&apos;s release: overlaps, not hand-offs.</source>
        <translation>
            <numerusform>%Ln 次授予发生在前一持有者释放之前：这是重叠，而不是交接。</numerusform>
        </translation>
    </message>
    <message>
        <source>Node %1 of the other nodes: %2</source>
        <translation>其他节点中的节点 %1：%2</translation>
    </message>
    <message numerus="yes">
        <source>%Ln transaction(s) did not commit (their critical section had run).</source>
        <translation>
            <numerusform>%Ln 个事务未能提交（它们的临界区已经执行过）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Runs against %1 (node 1) and %n other node(s), in its own tables %2*; your locks are not touched.</source>
        <translation>
            <numerusform>在 %1（节点 1）和另外 %n 个节点上运行，使用其自己的表 %2*；不会触及您的锁。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ui::SqlSection</name>
    <message>
        <source>SQL</source>
        <translation>SQL</translation>
    </message>
    <message>
        <source>The statements this will run, with their values</source>
        <translation>将执行的语句及其取值</translation>
    </message>
    <message>
        <source>Copy SQL</source>
        <translation>复制 SQL</translation>
    </message>
</context>
<context>
    <name>ui::StateFilterCombo</name>
    <message>
        <source>All states</source>
        <translation>所有状态</translation>
    </message>
    <message>
        <source>Held (lease running)</source>
        <translation>持有中（租约有效）</translation>
    </message>
    <message>
        <source>Show only the locks in this state</source>
        <translation>只显示处于此状态的锁</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Expired and not released, lost owner, not renewing, or held longer than its long-hold threshold</source>
        <translation>已过期未释放、持有者已退出、未续期，或持有时间超过长时间持有阈值</translation>
    </message>
</context>
<context>
    <name>ui::TerminateSessionDialog</name>
    <message>
        <source>Terminate session %1</source>
        <translation>终止会话 %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;The database session will be ended:&lt;/b&gt; its connection is closed, its open transaction is rolled back and every lock it holds is freed. This only happens if the session still holds this lock and is the same session as shown here.</source>
        <translation>&lt;b&gt;该数据库会话将被结束：&lt;/b&gt;其连接被关闭，未提交的事务被回滚，它持有的所有锁都会被释放。仅当该会话仍持有此锁且与此处显示的是同一会话时才会执行。</translation>
    </message>
    <message>
        <source>(not shown)</source>
        <translation>（不可见）</translation>
    </message>
    <message>
        <source>Session (pid):</source>
        <translation>会话（pid）：</translation>
    </message>
    <message>
        <source>User:</source>
        <translation>用户：</translation>
    </message>
    <message>
        <source>Client:</source>
        <translation>客户端：</translation>
    </message>
    <message>
        <source>Application:</source>
        <translation>应用：</translation>
    </message>
    <message>
        <source>Lock key:</source>
        <translation>锁键：</translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation>模式：</translation>
    </message>
    <message>
        <source>&amp;Terminate session</source>
        <translation>终止会话(&amp;T)</translation>
    </message>
</context>
<context>
    <name>ui::TestAcquireDialog</name>
    <message>
        <source>Until I &amp;release it</source>
        <translation>直到我释放(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;For</source>
        <translation>持续(&amp;F)</translation>
    </message>
    <message>
        <source>Test-acquire</source>
        <translation>测试获取</translation>
    </message>
    <message>
        <source>&amp;Lock:</source>
        <translation>锁(&amp;L):</translation>
    </message>
    <message>
        <source>&amp;Holder:</source>
        <translation>持有者(&amp;H):</translation>
    </message>
    <message>
        <source>L&amp;ease:</source>
        <translation>租约(&amp;E):</translation>
    </message>
    <message>
        <source>Hold:</source>
        <translation>持有时长:</translation>
    </message>
    <message>
        <source>&amp;Acquire</source>
        <translation>获取(&amp;A)</translation>
    </message>
    <message>
        <source>The hold time must be more than zero.</source>
        <translation>持有时长必须大于零。</translation>
    </message>
    <message>
        <source>Re&amp;new automatically each time a third of the lease has passed</source>
        <translation>每经过三分之一租约时长自动续期(&amp;N)</translation>
    </message>
    <message>
        <source>The lease</source>
        <translation>租约</translation>
    </message>
    <message>
        <source>The hold time</source>
        <translation>持有时长</translation>
    </message>
    <message>
        <source>The lock&apos;s own lease</source>
        <translation>锁自身的租约</translation>
    </message>
</context>
<context>
    <name>ui::TestHolds</name>
    <message>
        <source>Your test hold on &quot;%1&quot; was lost.</source>
        <translation>您对“%1”的测试持有已丢失。</translation>
    </message>
    <message>
        <source>Your test hold on &quot;%1&quot; (fence %2) was lost: the lock was deleted.</source>
        <translation>您对“%1”的测试持有（栅栏令牌 %2）已丢失：该锁已被删除。</translation>
    </message>
    <message>
        <source>Your test hold on &quot;%1&quot; (fence %2) was lost: it is free now (fence %3).</source>
        <translation>您对“%1”的测试持有（栅栏令牌 %2）已丢失：它现在空闲（栅栏令牌 %3）。</translation>
    </message>
    <message>
        <source>Your test hold on &quot;%1&quot; (fence %2) was lost: %3 now holds it (fence %4).</source>
        <translation>您对“%1”的测试持有（栅栏令牌 %2）已丢失：现在由 %3 持有（栅栏令牌 %4）。</translation>
    </message>
    <message>
        <source>Your test hold on &quot;%1&quot; (fence %2) was lost: its lease ended at %3.</source>
        <translation>您对“%1”的测试持有（栅栏令牌 %2）已丢失：其租约已于 %3 结束。</translation>
    </message>
</context>
<context>
    <name>ui::TimelineLegend</name>
    <message>
        <source>Point at a bar for who held it when.</source>
        <translation>将鼠标指向某一条，可查看谁在何时持有。</translation>
    </message>
</context>
<context>
    <name>ui::TimelineWidget</name>
    <message>
        <source>No holds recorded</source>
        <translation>没有持有记录</translation>
    </message>
    <message>
        <source>before %1</source>
        <comment>the hold began before the history read</comment>
        <translation>%1 之前</translation>
    </message>
    <message>
        <source>%1 (fence %2): %3 – %4, %5</source>
        <translation>%1（栅栏令牌 %2）：%3 – %4，%5</translation>
    </message>
    <message>
        <source>%1 since %2</source>
        <translation>%1 起自 %2</translation>
    </message>
    <message>
        <source>%1 (fence %2): since %3, %4</source>
        <translation>%1（栅栏令牌 %2）：自 %3 起，%4</translation>
    </message>
</context>
<context>
    <name>ui::TrayNotifier</name>
    <message numerus="yes">
        <source>Lockscope: %n lock(s) need you</source>
        <translation>
            <numerusform>Lockscope：%n 个锁需要处理</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message numerus="yes">
        <source>%n more lock(s) need attention</source>
        <translation>
            <numerusform>另有 %n 个锁需要处理</numerusform>
        </translation>
    </message>
    <message>
        <source>Click to see the problems of %1</source>
        <translation>单击查看 %1 的问题</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>ui::VerdictBanner</name>
    <message>
        <source>The verdict over the whole history follows when the run ends.</source>
        <translation>运行结束后将给出针对完整历史的判定结果。</translation>
    </message>
    <message>
        <source>The simulation could not run</source>
        <translation>模拟无法运行</translation>
    </message>
    <message>
        <source>No overlapping holds (this protocol has no fences). An unsafe baseline: this run did not show its failure; its preset settings do.</source>
        <translation>没有重叠的持有（此协议没有栅栏令牌）。这是一个不安全的基线：本次运行没有暴露它的缺陷，它的预设设置可以。</translation>
    </message>
    <message numerus="yes">
        <source>… and %Ln more.</source>
        <translation>
            <numerusform>… 另有 %Ln 处。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Running (%1): %Ln violation(s) so far</source>
        <translation>
            <numerusform>运行中（%1）：目前 %Ln 处违规</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Running (%1): no overlapping holds among %Ln completed hold(s) so far</source>
        <translation>
            <numerusform>运行中（%1）：在目前已完成的 %Ln 次持有中没有重叠持有</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No overlapping holds, fences increasing, %Ln stale write(s) refused. A run shows what happened, not that a design is safe.</source>
        <translation>
            <numerusform>没有重叠持有，栅栏令牌递增，拒绝了 %Ln 次过期写入。一次运行只说明发生了什么，不能证明设计是安全的。</numerusform>
        </translation>
    </message>
    <message>
        <source>No overlapping holds (this protocol has no fences). On one server SELECT ... FOR UPDATE excludes; list the other nodes of a Galera cluster to see it fail.</source>
        <translation>没有重叠的持有（此协议没有栅栏令牌）。在单台服务器上 SELECT ... FOR UPDATE 能够互斥；列出 Galera 集群的其他节点即可看到它失效。</translation>
    </message>
    <message>
        <source>No overlapping holds, but a holder that crashed keeps its lock for ever: without expiry nobody else can take it. This is the failure of this design.</source>
        <translation>没有重叠的持有，但崩溃的持有者会永久占用其锁：没有过期时间，其他人无法获取。这正是该设计的缺陷。</translation>
    </message>
</context>
<context>
    <name>ui::WindowOrder</name>
    <message>
        <source>in reverse name order</source>
        <translation>按名称倒序</translation>
    </message>
    <message>
        <source>in name order</source>
        <translation>按名称顺序</translation>
    </message>
    <message>
        <source>by holder, Z to A</source>
        <translation>按持有者（Z 到 A）</translation>
    </message>
    <message>
        <source>by holder, A to Z</source>
        <translation>按持有者（A 到 Z）</translation>
    </message>
    <message>
        <source>by state, expired first</source>
        <translation>按状态（已过期在前）</translation>
    </message>
    <message>
        <source>by state, free first</source>
        <translation>按状态（空闲在前）</translation>
    </message>
    <message>
        <source>by time remaining, most first</source>
        <translation>按剩余时间（最多在前）</translation>
    </message>
    <message>
        <source>by time remaining, least first</source>
        <translation>按剩余时间（最少在前）</translation>
    </message>
    <message>
        <source>by held for, longest first</source>
        <translation>按已持有时长（最长在前）</translation>
    </message>
    <message>
        <source>by held for, shortest first</source>
        <translation>按已持有时长（最短在前）</translation>
    </message>
    <message>
        <source>A table this large is sorted by the database: by name, holder, state, remaining or held for only.</source>
        <translation>这么大的表由数据库排序：只能按名称、持有者、状态、剩余时间或已持有时长排序。</translation>
    </message>
</context>
</TS>
