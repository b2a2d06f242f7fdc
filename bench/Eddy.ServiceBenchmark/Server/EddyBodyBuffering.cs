using System.IO;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Eddy.FileBuffering;

namespace Eddy.ServiceBenchmark.Server;

/// <summary>
/// The Eddy configuration, as docs/aspnetcore.md recommends it: responses built in streams rented from the
/// container's <see cref="PooledMemoryStreamPool"/>, request bodies in a <see cref="FileBufferingStream"/> with the
/// container's <see cref="FileBufferingStreamOptions"/>.
/// </summary>
public sealed class EddyBodyBuffering(PooledMemoryStreamPool streams, FileBufferingStreamOptions options) : IBodyBuffering
{
    public Stream CreateResponseBuffer() => streams.Rent();

    public async ValueTask<Stream> BufferRequestBodyAsync(HttpRequest request, CancellationToken cancellationToken) =>
        await request.BufferBodyAsync(options, cancellationToken).ConfigureAwait(false);

    public bool IsSpilled(Stream body) => body is FileBufferingStream { IsSpilled: true };
}
