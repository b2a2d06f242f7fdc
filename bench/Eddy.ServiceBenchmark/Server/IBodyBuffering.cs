using System.IO;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;

namespace Eddy.ServiceBenchmark.Server;

/// <summary>Where the endpoints buffer bodies: the only thing that differs between the configurations.</summary>
public interface IBodyBuffering
{
    /// <summary>An empty stream to build a response in, so its length is known before it is sent; the caller disposes it.</summary>
    Stream CreateResponseBuffer();

    /// <summary>Makes the request body readable more than once and returns it at position 0.</summary>
    ValueTask<Stream> BufferRequestBodyAsync(HttpRequest request, CancellationToken cancellationToken);

    /// <summary>Whether the buffered body went to a temporary file.</summary>
    bool IsSpilled(Stream body);
}
