Pod::Spec.new do |s|
  s.name = 'KitTestSupport'
  s.source_files = 'ios/Kit/TestSupport/*.swift'
end
