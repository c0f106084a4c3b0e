#include "releaselistener.h"

#include <QAbstractEventDispatcher>
#include <QCoreApplication>
#include <QEventLoop>
#include <QElapsedTimer>
#include <QLibrary>
#include <QThread>
#include <QVariant>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <poll.h>
#endif

namespace lockcore {

namespace {

// libpq's PQsocket, looked up at run time in the library the QPSQL driver itself loaded, so
// lockcore does not link libpq. Null when libpq is not there (then waiters sleep between polls).
using PqSocketFn = int (*)(const void *conn);

PqSocketFn pqSocket()
{
    static const PqSocketFn fn = [] {
        QLibrary libpq(QStringLiteral("pq"), 5);
        return reinterpret_cast<PqSocketFn>(libpq.resolve("PQsocket"));
    }();
    return fn;
}

} // namespace

ReleaseListener::~ReleaseListener()
{
    QObject::disconnect(m_connection);
}

void ReleaseListener::attach(QSqlDriver *driver)
{
    if (m_driver == driver)
        return;
    QObject::disconnect(m_connection);
    m_driver = driver;
    // Context object: the driver itself, so the slot runs directly in the driver's thread.
    m_connection = QObject::connect(
        driver, &QSqlDriver::notification, driver,
        [this](const QString &channel, QSqlDriver::NotificationSource, const QVariant &payload) {
            if (channel != m_channel)
                return;
            ++m_received;
            const auto armed = m_armed.find(payload.toString());
            if (armed != m_armed.end())
                *armed = true;
        });
    // The driver reads notifications in a private slot that its socket notifier (and, after a
    // statement, a queued call) triggers from an event loop. The waiter has no event loop, so
    // it calls that slot itself when the socket has data. Its signature differs between Qt
    // versions; without it, waiters poll.
    const QMetaObject *meta = driver->metaObject();
    m_readSlot = meta->method(meta->indexOfSlot("_q_handleNotification()"));
    m_readSlotTakesInt = false;
    if (!m_readSlot.isValid()) {
        m_readSlot = meta->method(meta->indexOfSlot("_q_handleNotification(int)"));
        m_readSlotTakesInt = m_readSlot.isValid();
    }
}

bool ReleaseListener::listen(QSqlDatabase db, const QString &channel, bool *sent)
{
    *sent = false;
    QSqlDriver *driver = db.driver();
    if (channel.isEmpty() || !driver || !driver->hasFeature(QSqlDriver::EventNotifications))
        return false;
    attach(driver);
    m_channel = channel;
    if (!driver->subscribedToNotifications().contains(channel)) {
        // The driver creates a socket notifier, which needs an event dispatcher in this
        // thread; a thread not started by QThread (std::thread) gets one from a QEventLoop.
        if (!QAbstractEventDispatcher::instance())
            QEventLoop ensureDispatcher;
        *sent = true;
        if (!driver->subscribeToNotification(channel))
            return false;
    }
    return m_readSlot.isValid();
}

void ReleaseListener::unlisten(QSqlDatabase db, const QString &channel, bool *sent)
{
    *sent = false;
    QSqlDriver *driver = db.driver();
    if (channel.isEmpty() || !driver || !driver->subscribedToNotifications().contains(channel))
        return;
    *sent = true;
    driver->unsubscribeFromNotification(channel);
}

void ReleaseListener::arm(const QString &name)
{
    m_armed.insert(name, false);
}

int ReleaseListener::socket() const
{
    const PqSocketFn fn = pqSocket();
    if (!m_driver || !fn)
        return -1;
    const QVariant handle = m_driver->handle();
    if (qstrcmp(handle.typeName(), "PGconn*") != 0 && qstrcmp(handle.typeName(), "pg_conn*") != 0)
        return -1;
    const void *conn = *static_cast<void *const *>(handle.constData());
    return conn ? fn(conn) : -1;
}

void ReleaseListener::drain()
{
    if (!m_driver || !m_readSlot.isValid())
        return;
    // Calls the driver queued to itself after statements (they would pile up without an event
    // loop), then a read of whatever arrived since (the driver does not block).
    QCoreApplication::sendPostedEvents(m_driver, QEvent::MetaCall);
    if (m_readSlotTakesInt)
        m_readSlot.invoke(m_driver, Qt::DirectConnection, Q_ARG(int, 0));
    else
        m_readSlot.invoke(m_driver, Qt::DirectConnection);
}

bool ReleaseListener::waitForRelease(const QString &name, qint64 timeoutMs,
                                     const std::atomic_bool *cancel)
{
    QElapsedTimer waited;
    waited.start();
    const auto released = [&] { return m_armed.value(name, false); };
    drain();
    int fd = socket();
    while (!released()) {
        const qint64 left = timeoutMs - waited.elapsed();
        if (left <= 0 || (cancel && cancel->load()))
            return false;
        const int slice = int(qMin<qint64>(20, left));
#ifdef Q_OS_UNIX
        if (fd >= 0) {
            pollfd socket{fd, POLLIN, 0};
            const int ready = ::poll(&socket, 1, slice);
            if ((ready < 0 && errno != EINTR) || (socket.revents & (POLLNVAL | POLLERR | POLLHUP)))
                fd = -1; // the connection broke: sleep instead, the next attempt reconnects
            else if (ready > 0)
                drain();
            continue;
        }
#endif
        QThread::msleep(quint32(slice));
        drain();
    }
    return true;
}

} // namespace lockcore
