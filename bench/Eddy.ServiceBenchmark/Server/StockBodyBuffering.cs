using System.IO;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.WebUtilities;

namespace Eddy.ServiceBenchmark.Server;

/// <summary>What an ASP.NET Core app does without Eddy: a <see cref="MemoryStream"/> per response, <c>EnableBuffering</c> for requests.</summary>
public sealed class StockBodyBuffering : IBodyBuffering
{
    public Stream CreateResponseBuffer() => new MemoryStream();

    public ValueTask<Stream> BufferRequestBodyAsync(HttpRequest request, CancellationToken cancellationToken)
    {
        // Buffers lazily, as the first pass reads: in memory up to the threshold, then in a temporary file.
        request.EnableBuffering(ServiceLimits.MemoryThreshold, ServiceLimits.MaximumBody);
        return ValueTask.FromResult(request.Body);
    }

    public bool IsSpilled(Stream body) => body is FileBufferingReadStream { InMemory: false };
}
