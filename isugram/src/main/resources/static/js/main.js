// Relative times, and "more": the next page of posts from /posts?max_created_at=<oldest shown>.
document.addEventListener('DOMContentLoaded', function () {
  timeago(document);
  var more = document.querySelector('#isu-post-more-btn');
  if (!more) {
    return;
  }
  var loading = document.querySelector('#isu-post-more-loading');
  more.addEventListener('click', function (event) {
    event.preventDefault();
    var posts = document.querySelectorAll('.isu-post');
    if (posts.length === 0) {
      return;
    }
    var last = posts[posts.length - 1].getAttribute('data-created-at');
    more.style.display = 'none';
    loading.style.display = 'inline';
    fetch('/posts?max_created_at=' + encodeURIComponent(last)).then(function (response) {
      if (response.status === 404) {
        loading.style.display = 'none';
        return null;
      }
      return response.text();
    }).then(function (html) {
      if (html === null) {
        return;
      }
      var box = document.createElement('div');
      box.innerHTML = html;
      var list = document.querySelector('.isu-posts');
      box.querySelectorAll('.isu-post').forEach(function (post) {
        if (!document.getElementById(post.id)) {
          list.appendChild(post);
        }
      });
      timeago(list);
      loading.style.display = 'none';
      more.style.display = 'inline';
    });
  });
});
