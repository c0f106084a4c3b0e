// SPDX-License-Identifier: GPL-3.0-or-later
#include "traynotifier.h"

#include <QCoreApplication>
#include <QGuiApplication>
#include <QPainter>
#include <QPixmap>
#include <QPointer>
#include <QSystemTrayIcon>
#include <QTimer>

using namespace Qt::StringLiterals;

namespace ui {

namespace {

bool assumedAvailable = false; // assumeAvailable(): the offscreen platform has no tray

QString announcedKey(const ProblemEntry &entry)
{
    return entry.name + u'\n' + QString::number(int(entry.problem));
}

} // namespace

TrayNotifier *TrayNotifier::instance()
{
    static QPointer<TrayNotifier> shared;
    if (!shared)
        shared = new TrayNotifier(QCoreApplication::instance());
    return shared;
}

TrayNotifier::TrayNotifier(QObject *parent)
    : QObject(parent)
    , m_next(new QTimer(this))
    , m_base(u":/lockscope.png"_s)
    , m_queue(ShowMs)
{
    m_next->setSingleShot(true);
    connect(m_next, &QTimer::timeout, this, [this] {
        if (const auto balloon = m_queue.poll())
            show(*balloon);
        schedule();
    });
    if (!isAvailable())
        return;
    m_tray = new QSystemTrayIcon(m_base, this);
    m_tray->setToolTip(QGuiApplication::applicationDisplayName());
    connect(m_tray, &QSystemTrayIcon::messageClicked, this, &TrayNotifier::click);
    connect(m_tray, &QSystemTrayIcon::activated, this,
            [this](QSystemTrayIcon::ActivationReason reason) {
                if (reason == QSystemTrayIcon::Trigger
                    || reason == QSystemTrayIcon::DoubleClick)
                    activate();
            });
}

TrayNotifier::~TrayNotifier() = default;

bool TrayNotifier::isAvailable()
{
    return assumedAvailable || QSystemTrayIcon::isSystemTrayAvailable();
}

void TrayNotifier::assumeAvailable()
{
    assumedAvailable = true;
}

bool TrayNotifier::isVisible() const
{
    return m_tray && m_tray->isVisible();
}

int TrayNotifier::addSource()
{
    const int id = m_nextSource++;
    m_sources.insert(id, {});
    return id;
}

void TrayNotifier::removeSource(int source)
{
    const QString key = m_sources.value(source).key;
    if (m_queue.dropSource(source))
        withdraw();
    m_sources.remove(source);
    pruneAnnounced(key);
    recount();
}

void TrayNotifier::setConnection(int source, const QString &key, const QString &title)
{
    auto it = m_sources.find(source);
    if (it == m_sources.end())
        return;
    const QString before = it->key;
    it->key = key;
    it->title = title;
    it->locks.clear();
    // Another database: what this window said about the one before no longer applies.
    if (m_queue.dropSource(source))
        withdraw();
    schedule();
    pruneAnnounced(before);
    recount();
}

void TrayNotifier::setEnabled(int source, bool enabled)
{
    auto it = m_sources.find(source);
    if (it == m_sources.end())
        return;
    it->enabled = enabled;
    if (!enabled)
        it->locks.clear();
    recount();
}

void TrayNotifier::setProblemLocks(int source, const QSet<QString> &locks)
{
    auto it = m_sources.find(source);
    if (it == m_sources.end() || it->locks == locks)
        return;
    it->locks = it->enabled ? locks : QSet<QString>();
    pruneAnnounced(it->key);
    recount();
}

QList<ProblemEntry> TrayNotifier::unannounced(int source, const QList<ProblemEntry> &entries)
{
    const auto it = m_sources.constFind(source);
    if (it == m_sources.cend())
        return {};
    QSet<QString> &announced = m_announced[it->key];
    QList<ProblemEntry> fresh;
    for (const ProblemEntry &entry : entries) {
        const QString key = announcedKey(entry);
        if (!announced.contains(key)) {
            announced.insert(key);
            fresh.append(entry);
        }
    }
    return fresh;
}

// A problem is announced again once no window of its connection sees it (it ended, or it was
// acknowledged and the acknowledgement ended).
void TrayNotifier::pruneAnnounced(const QString &key)
{
    auto announced = m_announced.find(key);
    if (announced == m_announced.end())
        return;
    QSet<QString> seen;
    for (const Source &source : std::as_const(m_sources))
        if (source.key == key)
            seen.unite(source.locks);
    announced->removeIf([&seen](const QString &entry) {
        return !seen.contains(entry.section(u'\n', 0, 0));
    });
}

void TrayNotifier::showMessage(int source, const QStringList &locks, const QString &title,
                               const QString &text)
{
    if (!m_sources.contains(source))
        return;
    if (const auto balloon = m_queue.offer({source, locks, titleOf(source, title), text}))
        show(*balloon);
    schedule();
}

QString TrayNotifier::titleOf(int source, const QString &title) const
{
    QSet<QString> connections;
    for (const Source &each : m_sources)
        if (!each.key.isEmpty()) // a window not connected yet
            connections.insert(each.key);
    if (connections.size() < 2)
        return title;
    return tr("%1 \u2014 %2").arg(m_sources.value(source).title, title);
}

QString TrayNotifier::summaryText(int more)
{
    return tr("%n more lock(s) need attention", "", more);
}

void TrayNotifier::show(const BalloonQueue::Balloon &balloon)
{
    if (!m_tray)
        return;
    if (!balloon.summary) {
        m_tray->showMessage(balloon.notice.title, balloon.notice.text, QSystemTrayIcon::Warning,
                            ShowMs);
        return;
    }
    QStringList titles;
    for (const int source : balloon.sources)
        titles.append(m_sources.value(source).title);
    m_tray->showMessage(summaryText(balloon.more),
                        tr("Click to see the problems of %1").arg(titles.join(u", "_s)),
                        QSystemTrayIcon::Warning, ShowMs);
}

void TrayNotifier::schedule()
{
    const qint64 due = m_queue.dueInMs();
    if (due < 0)
        m_next->stop();
    else
        m_next->start(int(due) + 1);
}

// QSystemTrayIcon has no call that takes a message back; hiding the icon closes Qt's own
// balloon, and BalloonQueue no longer lets a click act on it.
void TrayNotifier::withdraw()
{
    if (!m_tray || !m_tray->isVisible())
        return;
    m_tray->hide();
    m_tray->show();
}

void TrayNotifier::click()
{
    const BalloonQueue::Target target = m_queue.clicked();
    for (const int source : target.sources) {
        if (target.lock.isEmpty())
            emit problemsRequested(source);
        else
            emit openLockRequested(source, target.lock);
    }
}

// The icon itself: the windows with locks that need someone show them; else the first window.
void TrayNotifier::activate()
{
    bool any = false;
    for (auto it = m_sources.cbegin(); it != m_sources.cend(); ++it) {
        if (!it->locks.isEmpty()) {
            any = true;
            emit problemsRequested(it.key());
        }
    }
    if (!any && !m_sources.isEmpty())
        emit openLockRequested(m_sources.cbegin().key(), QString());
}

int TrayNotifier::countOf(int source) const
{
    return int(m_sources.value(source).locks.size());
}

void TrayNotifier::recount()
{
    QHash<QString, QSet<QString>> perConnection;
    bool visible = false;
    for (const Source &source : std::as_const(m_sources)) {
        perConnection[source.key].unite(source.locks);
        visible = visible || source.enabled;
    }
    int count = 0;
    QStringList lines;
    for (auto it = perConnection.cbegin(); it != perConnection.cend(); ++it) {
        count += int(it->size());
        for (const Source &source : std::as_const(m_sources)) {
            if (source.key == it.key() && !it->isEmpty()) {
                lines.append(tr("%1: %2").arg(source.title).arg(it->size()));
                break;
            }
        }
    }
    m_count = count;
    if (!m_tray)
        return;
    m_tray->setVisible(visible);
    m_tray->setIcon(iconWithCount(m_base, count));
    QString tip = count > 0 ? tr("Lockscope: %n lock(s) need you", "", count)
                            : QGuiApplication::applicationDisplayName();
    if (perConnection.size() > 1 && !lines.isEmpty())
        tip += u'\n' + lines.join(u'\n');
    m_tray->setToolTip(tip);
}

QIcon TrayNotifier::iconWithCount(const QIcon &base, int count)
{
    if (count <= 0)
        return base;
    constexpr int Size = 64;
    QPixmap pixmap = base.pixmap(Size, Size);
    if (pixmap.isNull()) {
        pixmap = QPixmap(Size, Size);
        pixmap.fill(Qt::transparent);
    }
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    const QRectF disc(Size * 0.4, 0, Size * 0.6, Size * 0.6);
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(0xd9, 0x30, 0x25));
    painter.drawEllipse(disc);
    QFont font = painter.font();
    font.setBold(true);
    font.setPixelSize(count > 99 ? Size / 5 : count > 9 ? Size / 4 : Size / 3);
    painter.setFont(font);
    painter.setPen(Qt::white);
    painter.drawText(disc, Qt::AlignCenter, count > 99 ? u"99+"_s : QString::number(count));
    painter.end();
    return QIcon(pixmap);
}

} // namespace ui
